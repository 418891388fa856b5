// Trunk post_build hook (Trunk.toml), before service-worker.mjs: splits the
// page's wasm in two, the table and everything that waits (the dialogs),
// at Leptos's `#[lazy]` split point (`app::later_view`).
//
// Trunk 0.21 has no step for this (trunk-rs/trunk#1022): the split needs
// the linker's output with its relocations (`--emit-relocs`, in
// .cargo/config.toml), which wasm-bindgen throws away. So this hook takes
// cargo's wasm from the target directory and redoes, for the split page,
// what Trunk did for the whole one, the way cargo-leptos does with
// `--split`:
//   1. wasm-split-cli (crate wasm_split_cli_support) cuts it into the main
//      module, one module for the split point and `__wasm_split.js`, which
//      loads that module when `later_view` is first called;
//   2. wasm-bindgen, with `--keep-lld-exports` so the main module still
//      exports the memory, table and globals the later module imports;
//   3. wasm-opt, with Trunk's level and parameters, on both modules.
// The main module's files replace Trunk's under Trunk's names, so
// index.html loads them as before (their `integrity` is brought up to
// date); the later files get names hashed from their bytes, so a browser's
// cache can never pair an old one with a new page.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
    if (error.code === 'ENOENT') fail(`${command} is not on PATH: run bash scripts/setup.sh`);
    fail(`${command} failed: ${error.message}`);
  }
};
const digest = (bytes, algorithm = 'sha256') => createHash(algorithm).update(bytes).digest();

const js = fs.readdirSync(staging).find((f) => /^pyramid-[0-9a-f]+\.js$/.test(f));
if (!js) fail(`no pyramid-<hash>.js in ${staging}`);
const stem = js.slice(0, -'.js'.length);
const wasm = `${stem}_bg.wasm`;
if (!fs.existsSync(cargoWasm)) fail(`cargo's output ${cargoWasm} is missing`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pyramid-split-'));
try {
  // 1. Split. The main module is written as <stem>.wasm and the loader
  //    imports it as ./<stem>.js, the name Trunk gave the page's JS.
  run('wasm-split-cli', [cargoWasm, work, '--target', 'web', '--out-name', stem]);
  const later = fs.readdirSync(work).filter((f) => f.startsWith('split_') && f.endsWith('.wasm'));
  if (later.length !== 1) fail(`expected one split module, found ${later.length}`);

  // 2. wasm-bindgen, as Trunk runs it (target web, no TypeScript).
  const bindgen = path.join(work, 'bindgen');
  run('wasm-bindgen', [
    '--target=web', `--out-dir=${bindgen}`, `--out-name=${stem}`, '--no-typescript',
    '--keep-lld-exports', ...(release ? [] : ['--keep-debug']), path.join(work, `${stem}.wasm`),
  ]);

  // 3. wasm-opt, as index.html asks of Trunk (release only).
  const optimise = (input, output) => {
    if (release) run('wasm-opt', [`--output=${output}`, '-Oz', input, '--low-memory-unused']);
    else fs.copyFileSync(input, output);
  };
  optimise(path.join(bindgen, `${stem}_bg.wasm`), path.join(staging, wasm));
  fs.copyFileSync(path.join(bindgen, `${stem}.js`), path.join(staging, js));

  const laterOut = path.join(work, 'later.wasm');
  optimise(path.join(work, later[0]), laterOut);
  const laterName = `later-${digest(fs.readFileSync(laterOut)).toString('hex').slice(0, 16)}.wasm`;
  fs.copyFileSync(laterOut, path.join(staging, laterName));

  // The loader, under a name of its own bytes; the page's JS imports it.
  const loader = fs.readFileSync(path.join(work, '__wasm_split.js'), 'utf8').split(`./${later[0]}`).join(`./${laterName}`);
  const loaderName = `later-${digest(loader).toString('hex').slice(0, 16)}.js`;
  fs.writeFileSync(path.join(staging, loaderName), loader);
  const page = fs.readFileSync(path.join(staging, js), 'utf8');
  // Only the import statement: the wasm still names its imports' module
  // "./__wasm_split.js", the key of the object the JS instantiates it with.
  const importsLoader = /(\bfrom\s*)(["'])\.\/__wasm_split\.js\2/;
  if (!importsLoader.test(page)) fail(`${js} does not import ./__wasm_split.js`);
  fs.writeFileSync(path.join(staging, js), page.replace(importsLoader, `$1"./${loaderName}"`));

  // index.html's subresource integrity for the two files replaced.
  const indexPath = path.join(staging, 'index.html');
  let index = fs.readFileSync(indexPath, 'utf8');
  for (const file of [js, wasm]) {
    const sri = `sha384-${digest(fs.readFileSync(path.join(staging, file)), 'sha384').toString('base64')}`;
    const tag = new RegExp(`(href="[^"]*/${file.replace(/[.]/g, '\\.')}"[^>]*integrity=")[^"]*"`);
    if (tag.test(index)) index = index.replace(tag, `$1${sri}"`);
  }
  // The loader is imported by the page's JS: fetch it beside that JS, not
  // after it (one round trip less before the table).
  const preload = new RegExp(`<link rel="modulepreload" href="([^"]*)${js.replace(/[.]/g, '\\.')}"[^>]*>`);
  const match = index.match(preload);
  if (!match) fail(`no modulepreload of ${js} in index.html`);
  const loaderSri = `sha384-${digest(loader, 'sha384').toString('base64')}`;
  index = index.replace(
    match[0],
    `${match[0]}<link rel="modulepreload" href="${match[1]}${loaderName}" crossorigin="anonymous" integrity="${loaderSri}">`,
  );
  fs.writeFileSync(indexPath, index);

  const size = (file) => fs.statSync(path.join(staging, file)).size;
  console.log(`wasm-split.mjs: ${wasm} ${size(wasm)} bytes, ${laterName} ${size(laterName)} bytes, ${loaderName}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
