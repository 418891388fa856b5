// Trunk post_build hook (Trunk.toml), before service-worker.mjs: splits the
// page's wasm in two, the table and everything that waits (the dialogs,
// banners, statistics extras and the solver's client), at the page's one
// split point, the function marked `#[wasm_split]` (crate wasm_split_helpers).
//
// Trunk 0.21 has no step for this (trunk-rs/trunk#1022): the split needs
// the linker's output with its relocations (`--emit-relocs`, which build.rs
// asks for), and wasm-bindgen throws them away. So this hook takes cargo's
// wasm from the target directory and redoes, for the split page, what Trunk
// did for the whole one, the way cargo-leptos does with `--split`:
//   1. wasm-split-cli (crate wasm_split_cli_support) cuts it into the main
//      module, one module for the split point and `__wasm_split.js`, which
//      loads that module when the split point is first called;
//   2. wasm-bindgen, with `--keep-lld-exports` so the main module still
//      exports the memory, table and globals the later module imports;
//      then the glue's module name in the main module's imports is made
//      one letter (`GLUE_MODULE`);
//   3. wasm-opt, with Trunk's level and parameters, on both modules.
// Then scripts/build-names.mjs names every file by a hash of its final
// bytes, rewrites index.html to load them (with their `integrity`, and an
// import map for the names the two JS files know each other by), and
// Trunk's own page files go. It stops the build with the reason if cargo's
// wasm is not the one Trunk just built, a tool fails, or a reference is not
// where it should be.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuildError, GLUE_MODULE, checkCargoWasm, nameBuild, renameImports, replaceEvery } from './build-names.mjs';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('wasm-split.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk hook)');
  process.exit(1);
}
const release = process.env.TRUNK_PROFILE === 'release';
const root = process.env.TRUNK_SOURCE_DIR ?? process.cwd();
const targetDir = process.env.CARGO_TARGET_DIR
  ? path.resolve(root, process.env.CARGO_TARGET_DIR)
  : path.join(root, 'target');
// index.html: data-cargo-profile-release="web"; debug builds use "debug".
const cargoWasm = path.join(targetDir, 'wasm32-unknown-unknown', release ? 'web' : 'debug', 'pyramid.wasm');

const fail = (message) => {
  console.error(`wasm-split.mjs: ${message}`);
  process.exit(1);
};
const run = (command, args) => {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (error) {
    if (error.code === 'ENOENT') throw new BuildError(`${command} is not on PATH: run bash scripts/setup.sh`);
    throw new BuildError(`${command} failed: ${error.message}`);
  }
};

const js = fs.readdirSync(staging).find((f) => /^pyramid-[0-9a-f]+\.js$/.test(f));
if (!js) fail(`no pyramid-<hash>.js in ${staging}`);
const wasm = `${js.slice(0, -'.js'.length)}_bg.wasm`;
// The name the tools give the page's files, before they are hashed.
const MAIN = 'pyramid';

try {
  checkCargoWasm({
    path: cargoWasm,
    wasm: fs.existsSync(cargoWasm) ? fs.readFileSync(cargoWasm) : null,
    modified: fs.existsSync(cargoWasm) ? fs.statSync(cargoWasm).mtime : null,
    trunkJs: js,
  });
} catch (error) {
  if (error instanceof BuildError) fail(error.message);
  throw error;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pyramid-split-'));
try {

  // 1. Split: the main module as <MAIN>.wasm, the loader importing ./<MAIN>.js.
  run('wasm-split-cli', [cargoWasm, work, '--target', 'web', '--out-name', MAIN]);
  const later = fs.readdirSync(work).filter((f) => f.startsWith('split_') && f.endsWith('.wasm'));
  if (later.length !== 1) fail(`expected one split module, found ${later.length}`);

  // 2. wasm-bindgen, as Trunk runs it (target web, no TypeScript).
  const bindgen = path.join(work, 'bindgen');
  run('wasm-bindgen', [
    '--target=web', `--out-dir=${bindgen}`, `--out-name=${MAIN}`, '--no-typescript',
    '--keep-lld-exports', ...(release ? [] : ['--keep-debug']), path.join(work, `${MAIN}.wasm`),
  ]);

  // The glue's module name, in each of the main module's imports and in
  // the glue's object of imports, made one letter (GLUE_MODULE).
  const glueWasm = path.join(bindgen, `${MAIN}_bg.wasm`);
  const glueJs = path.join(bindgen, `${MAIN}.js`);
  fs.writeFileSync(glueWasm, renameImports(fs.readFileSync(glueWasm), `./${MAIN}_bg.js`, GLUE_MODULE));
  const glue = replaceEvery(fs.readFileSync(glueJs, 'utf8'), `"./${MAIN}_bg.js":`, `"${GLUE_MODULE}":`, `${MAIN}.js`);
  fs.writeFileSync(glueJs, glue);

  // 3. wasm-opt, as index.html asks of Trunk (release only).
  const optimise = (input) => {
    const output = `${input}.opt`;
    // PYRAMID_WASM_NAMES=1 keeps the functions' names, for a profile.
    const names = process.env.PYRAMID_WASM_NAMES === '1' ? ['-g'] : [];
    if (release) run('wasm-opt', [`--output=${output}`, '-Oz', ...names, input, '--low-memory-unused']);
    else fs.copyFileSync(input, output);
    return fs.readFileSync(output);
  };

  const indexPath = path.join(staging, 'index.html');
  const built = nameBuild({
    main: MAIN,
    trunkJs: js,
    trunkWasm: wasm,
    index: fs.readFileSync(indexPath, 'utf8'),
    mainJs: fs.readFileSync(path.join(bindgen, `${MAIN}.js`), 'utf8'),
    mainWasm: optimise(path.join(bindgen, `${MAIN}_bg.wasm`)),
    loader: fs.readFileSync(path.join(work, '__wasm_split.js'), 'utf8'),
    laterWasmName: later[0],
    laterWasm: optimise(path.join(work, later[0])),
  });
  for (const [name, bytes] of built.files) fs.writeFileSync(path.join(staging, name), bytes);
  fs.writeFileSync(indexPath, built.index);
  for (const file of [js, wasm]) fs.rmSync(path.join(staging, file));

  const sizes = [...built.files].map(([name, bytes]) => `${name} ${bytes.length} bytes`);
  console.log(`wasm-split.mjs: ${sizes.join(', ')}`);
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(`wasm-split.mjs: ${error.message}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
