// The split build's names and references (scripts/build-names.mjs) and the
// hook that uses them (scripts/wasm-split.mjs), on a synthetic staging
// directory: fake wasm and JS files and stand-ins for wasm-split-cli,
// wasm-bindgen and wasm-opt, so it runs in a second without a build.
//   node --test scripts/*.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { GLUE_MODULE, checkCargoWasm, contentName, integrity, renameImports, seahash, setIntegrity } from './build-names.mjs';

const SCRIPTS = path.dirname(fileURLToPath(import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'build-names-test-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

// Stand-ins for the tools, with the shape of what the real ones write: the
// split's loader imports `initSync` from ./<out-name>.js and fetches the
// split module; wasm-bindgen's JS imports ./__wasm_split.js and defaults
// to <out-name>_bg.wasm. Each output's bytes follow its input's.
const TOOLS = {
  'wasm-split-cli': `
const [input, out] = process.argv.slice(2);
const name = process.argv[process.argv.indexOf('--out-name') + 1];
const [main, later] = fs.readFileSync(input, 'utf8').split('\\n');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, name + '.wasm'), 'split ' + main);
fs.writeFileSync(path.join(out, 'split_later.wasm'), 'split ' + later);
fs.writeFileSync(path.join(out, '__wasm_split.js'),
  'import { initSync } from "./' + name + '.js";\\n' +
  'export const load = () => fetch(new URL("./split_later.wasm", import.meta.url));\\n');`,
  'wasm-bindgen': `
const arg = (flag) => process.argv.find((a) => a.startsWith(flag + '='))?.slice(flag.length + 1);
const [out, name, input] = [arg('--out-dir'), arg('--out-name'), process.argv.at(-1)];
fs.mkdirSync(out, { recursive: true });
// A wasm module whose one import, from the glue, is named after its input.
const glue = Buffer.from('./' + name + '_bg.js');
const field = Buffer.from('bindgen ' + fs.readFileSync(input, 'utf8'));
const imports = Buffer.concat([Buffer.from([1, glue.length]), glue, Buffer.from([field.length]), field, Buffer.from([0, 0])]);
fs.writeFileSync(path.join(out, name + '_bg.wasm'), Buffer.concat([
  Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 2, imports.length]), imports]));
fs.writeFileSync(path.join(out, name + '.js'),
  'import * as import1 from "./__wasm_split.js"\\n' +
  'const imports = { "./' + name + '_bg.js": {}, "./__wasm_split.js": import1 };\\n' +
  "export default (m = new URL('" + name + "_bg.wasm', import.meta.url)) => m;\\n");`,
  'wasm-opt': `
const out = process.argv.find((a) => a.startsWith('--output=')).slice('--output='.length);
fs.writeFileSync(out, 'opt ' + fs.readFileSync(process.argv.at(-2), 'utf8'));`,
};
const BIN = path.join(scratch, 'bin');
fs.mkdirSync(BIN);
for (const [name, body] of Object.entries(TOOLS)) {
  fs.writeFileSync(path.join(BIN, name), `#!${process.execPath}\nconst fs = require('fs'), path = require('path');\n${body}\n`);
  fs.chmodSync(path.join(BIN, name), 0o755);
}

/** What Trunk writes to index.html for the page (trunk 0.21, release). */
function trunkIndex(base, stem) {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Pyramid Solitaire</title>
    <!-- A comment for whoever edits the page. -->
    <link rel="stylesheet" href="${base}main-0123456789abcdef.css" integrity="sha384-css"/>
<script type="module">
import init, * as bindings from '${base}${stem}.js';
const wasm = await init({ module_or_path: '${base}${stem}_bg.wasm' });
</script>
  <link rel="modulepreload" href="${base}${stem}.js" crossorigin="anonymous" integrity="sha384-trunk-js"><link rel="preload" href="${base}${stem}_bg.wasm" crossorigin="anonymous" integrity="sha384-trunk-wasm" as="fetch" type="application/wasm"></head>
  <body></body>
</html>`;
}

let builds = 0;
/**
 * A fake Trunk build whose cargo wasm holds `main` and `later` (the code
 * of each module), then the hook over it. `edit(staging, cargoWasm)` may
 * spoil something first. Returns the hook's exit and the staging directory.
 */
function build({ main = 'table v1', later = 'dialogs v1', base = '/', release = true, edit } = {}) {
  const root = path.join(scratch, `build-${++builds}`);
  const staging = path.join(root, 'dist', '.stage');
  const cargoWasm = path.join(root, 'target', 'wasm32-unknown-unknown', release ? 'web' : 'debug', 'pyramid.wasm');
  fs.mkdirSync(path.dirname(cargoWasm), { recursive: true });
  fs.mkdirSync(staging, { recursive: true });
  fs.writeFileSync(cargoWasm, `${main}\n${later}`);
  const stem = `pyramid-${seahash(fs.readFileSync(cargoWasm)).toString(16)}`;
  fs.writeFileSync(path.join(staging, `${stem}.js`), 'trunk js');
  fs.writeFileSync(path.join(staging, `${stem}_bg.wasm`), 'trunk wasm');
  fs.writeFileSync(path.join(staging, 'main-0123456789abcdef.css'), 'body {}');
  fs.writeFileSync(path.join(staging, 'solver-worker.js'), 'worker');
  fs.writeFileSync(path.join(staging, 'index.html'), trunkIndex(base, stem));
  edit?.(staging, cargoWasm);
  // Only the stand-ins on PATH: never a real tool.
  const env = { ...process.env, PATH: BIN };
  Object.assign(env, { TRUNK_STAGING_DIR: staging, TRUNK_SOURCE_DIR: root, TRUNK_PROFILE: release ? 'release' : 'debug' });
  delete env.CARGO_TARGET_DIR;
  const run = spawnSync(process.execPath, [path.join(SCRIPTS, 'wasm-split.mjs')], { env, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr, staging, stem };
}

const read = (staging, file) => fs.readFileSync(path.join(staging, file));
const files = (staging) => fs.readdirSync(staging).sort();
/** The page's four files of a finished build, by role. */
function pageFiles(staging) {
  const all = files(staging);
  const one = (re) => {
    const found = all.filter((f) => re.test(f));
    assert.equal(found.length, 1, `one file like ${re} in ${all}`);
    return found[0];
  };
  return {
    js: one(/^pyramid-[0-9a-f]{16}\.js$/),
    wasm: one(/^pyramid-[0-9a-f]{16}_bg\.wasm$/),
    loader: one(/^later-[0-9a-f]{16}\.js$/),
    later: one(/^later-[0-9a-f]{16}\.wasm$/),
  };
}
/** The (module, field) names of a wasm module's imports, all functions. */
function importNames(wasm) {
  const names = [];
  let at = 8;
  while (at < wasm.length) {
    const [id, size] = [wasm[at], wasm[at + 1]];
    if (id === 2) {
      let i = at + 3;
      for (let n = wasm[at + 2]; n > 0; n--) {
        const module = wasm.subarray(i + 1, i + 1 + wasm[i]).toString();
        i += 1 + wasm[i];
        const field = wasm.subarray(i + 1, i + 1 + wasm[i]).toString();
        i += 1 + wasm[i];
        assert.equal(wasm[i], 0, 'a function import');
        i += 2;
        names.push([module, field]);
      }
    }
    at += 2 + size;
  }
  return names;
}

/** A wasm module with a type section and these imports (module, field) of function 0. */
function wasmImporting(imports) {
  const entries = imports.map(([module, field]) =>
    Buffer.concat([Buffer.from([module.length]), Buffer.from(module), Buffer.from([field.length]), Buffer.from(field), Buffer.from([0, 0])]));
  const section = Buffer.concat([Buffer.from([imports.length]), ...entries]);
  return Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 2, section.length]), section]);
}

/** The import map in index.html. */
const importMap = (html) => JSON.parse(html.match(/<script type="importmap">(.*?)<\/script>/s)[1]).imports;

describe('build-names.mjs', () => {
  test('seahash is the crate seahash (the test vector of its reference implementation)', () => {
    assert.equal(seahash(Buffer.from('to be or not to be')), 1988685042348123509n);
    assert.equal(seahash(Buffer.alloc(0)).toString(16).length > 0, true);
  });

  test('renameImports renames the imports from one module and keeps everything else', () => {
    const before = wasmImporting([['./pyramid_bg.js', 'a'], ['./__wasm_split.js', 'b'], ['./pyramid_bg.js', 'c']]);
    const after_ = renameImports(before, './pyramid_bg.js', 'w');
    assert.deepEqual(importNames(after_), [['w', 'a'], ['./__wasm_split.js', 'b'], ['w', 'c']]);
    assert.deepEqual(after_.subarray(0, 14), before.subarray(0, 14), 'the header and the type section as they were');
    assert.equal(after_.length, before.length - 2 * ('./pyramid_bg.js'.length - 1));
    assert.deepEqual(renameImports(after_, 'w', './pyramid_bg.js'), before);
    assert.throws(() => renameImports(before, './other.js', 'w'), /no import from "\.\/other\.js" to rename/);
    assert.throws(() => renameImports(Buffer.from('opt bindgen'), './pyramid_bg.js', 'w'), /not a wasm module/);
  });

  test('contentName hashes the bytes', () => {
    assert.equal(contentName('later', Buffer.from('a'), '.js'), contentName('later', 'a', '.js'));
    assert.notEqual(contentName('later', 'a', '.js'), contentName('later', 'b', '.js'));
    assert.match(contentName('pyramid', 'a', '_bg.wasm'), /^pyramid-[0-9a-f]{16}_bg\.wasm$/);
  });

  test('setIntegrity fails when there is no integrity to replace', () => {
    const html = '<link rel="preload" href="/a.wasm" as="fetch">';
    assert.throws(() => setIntegrity(html, '/a.wasm', 'x'), /integrity rewrite found no tag with href="\/a\.wasm"/);
    assert.equal(setIntegrity('<link href="/a.wasm" integrity="old">', '/a.wasm', 'x'), `<link href="/a.wasm" integrity="${integrity('x')}">`);
  });

  test('checkCargoWasm fails on a missing wasm and on one Trunk did not build from', () => {
    const wasm = Buffer.from('cargo');
    const trunkJs = `pyramid-${seahash(wasm).toString(16)}.js`;
    checkCargoWasm({ path: 'p.wasm', wasm, modified: new Date(0), trunkJs });
    assert.throws(() => checkCargoWasm({ path: 'p.wasm', wasm: null, modified: null, trunkJs }), /p\.wasm is missing/);
    assert.throws(
      () => checkCargoWasm({ path: 'p.wasm', wasm: Buffer.from('older'), modified: new Date(0), trunkJs }),
      /cargo's wasm p\.wasm \(written 1970-01-01T00:00:00\.000Z\) is stale, not the one this build compiled/,
    );
  });
});

describe('wasm-split.mjs on a synthetic build', () => {
  for (const base of ['/', '/pyramid/']) {
    test(`every file is named by its final bytes and every reference is rewritten (public URL ${base})`, () => {
      const { status, stderr, staging, stem } = build({ base });
      assert.equal(status, 0, stderr);
      const page = pageFiles(staging);
      // Trunk's page files are gone; nothing else changed.
      assert.deepEqual(files(staging), [...Object.values(page), 'index.html', 'main-0123456789abcdef.css', 'solver-worker.js'].sort());
      const html = read(staging, 'index.html').toString();
      assert.equal(html.includes(stem), false, 'index.html still names Trunk\'s files');

      // Names follow the bytes.
      for (const [file, prefix, suffix] of [
        [page.js, 'pyramid', '.js'],
        [page.wasm, 'pyramid', '_bg.wasm'],
        [page.loader, 'later', '.js'],
        [page.later, 'later', '.wasm'],
      ]) {
        assert.equal(contentName(prefix, read(staging, file), suffix), file);
      }

      // index.html: the script, the preloads and their integrity.
      assert.match(html, new RegExp(`import init, \\* as bindings from '${base}${page.js}'`));
      assert.match(html, new RegExp(`module_or_path: '${base}${page.wasm}'`));
      for (const file of [page.js, page.wasm, page.loader]) {
        const tag = html.match(new RegExp(`<link rel="(?:module)?preload" href="${base}${file}"[^>]*>`))?.[0];
        assert.ok(tag, `a preload of ${file}`);
        assert.match(tag, new RegExp(`integrity="${integrity(read(staging, file)).replace(/[+/]/g, '\\$&')}"`));
      }
      assert.match(html, /integrity="sha384-css"/, 'the stylesheet is left alone');
      assert.equal(html.includes('<!--'), false, 'the comments go');
      // The downloads start before the stylesheets: the wasm's first.
      const at = (file) => html.search(new RegExp(`<link rel="(?:module)?preload" href="${base}${file}"`));
      assert.ok(at(page.wasm) < at(page.js) && at(page.js) < html.indexOf('<link rel="stylesheet"'), 'the preloads come first');
      assert.ok(html.indexOf('<script type="importmap">') < at(page.js), 'the import map precedes the module preloads');

      // The import map comes before any module script and resolves the names
      // the two JS files import each other by.
      assert.ok(html.indexOf('<script type="importmap">') < html.indexOf('<script type="module">'));
      assert.deepEqual(importMap(html), {
        [`${base}__wasm_split.js`]: `${base}${page.loader}`,
        [`${base}pyramid.js`]: `${base}${page.js}`,
      });
      const js = read(staging, page.js).toString();
      const loader = read(staging, page.loader).toString();
      assert.match(js, /from "\.\/__wasm_split\.js"/);
      assert.match(loader, /from "\.\/pyramid\.js"/);
      assert.match(js, new RegExp(`new URL\\('${page.wasm}', import\\.meta\\.url\\)`));
      assert.match(loader, new RegExp(`new URL\\("\\./${page.later}", import\\.meta\\.url\\)`));
      assert.equal(loader.includes('split_later.wasm'), false);
      // The final bytes are the tools' output, the glue's module name made
      // short in the wasm's imports and the glue's object of them.
      assert.match(read(staging, page.later).toString(), /^opt split dialogs v1$/);
      const wasm = read(staging, page.wasm);
      assert.equal(wasm.subarray(0, 4).toString(), 'opt ');
      assert.deepEqual(importNames(wasm.subarray(4)), [[GLUE_MODULE, 'bindgen split table v1']]);
      assert.match(js, new RegExp(`"${GLUE_MODULE}": \\{\\}`));
      assert.equal(js.includes('pyramid_bg.js'), false);
    });
  }

  test('a later-only change keeps the page files\' names; a change to the main module renames them', () => {
    const first = build({ main: 'table v1', later: 'dialogs v1' });
    const laterOnly = build({ main: 'table v1', later: 'dialogs v2' });
    const mainOnly = build({ main: 'table v2', later: 'dialogs v1' });
    for (const b of [first, laterOnly, mainOnly]) assert.equal(b.status, 0, b.stderr);
    const [a, b, c] = [first, laterOnly, mainOnly].map((x) => pageFiles(x.staging));
    assert.equal(b.js, a.js);
    assert.equal(b.wasm, a.wasm);
    assert.notEqual(b.later, a.later);
    assert.notEqual(b.loader, a.loader);
    assert.notEqual(c.js, a.js);
    assert.notEqual(c.wasm, a.wasm);
    assert.equal(c.later, a.later);
    assert.equal(c.loader, a.loader);
  });

  test('the service worker precaches the final files', () => {
    const { status, stderr, staging } = build();
    assert.equal(status, 0, stderr);
    const env = { ...process.env, TRUNK_STAGING_DIR: staging, TRUNK_PROFILE: 'release' };
    const sw = spawnSync(process.execPath, [path.join(SCRIPTS, 'service-worker.mjs')], { env, encoding: 'utf8' });
    assert.equal(sw.status, 0, sw.stderr);
    const list = JSON.parse(read(staging, 'sw.js').toString().match(/^const BUILD = (.*);$/m)[1]).files;
    const expected = files(staging).filter((f) => f !== 'sw.js').map((f) => (f === 'index.html' ? './' : f));
    assert.deepEqual(list.sort(), expected.sort());
  });

  test('a stale cargo wasm stops the build with the reason', () => {
    const { status, stderr, staging, stem } = build({
      edit: (_, cargoWasm) => fs.writeFileSync(cargoWasm, 'table v0\ndialogs v0'),
    });
    assert.notEqual(status, 0);
    assert.match(stderr, /wasm-split\.mjs: cargo's wasm .*pyramid\.wasm \(written .*\) is stale, not the one this build compiled/);
    assert.ok(fs.existsSync(path.join(staging, `${stem}.js`)), 'nothing is rewritten');
  });

  test('a missing cargo wasm stops the build with the reason', () => {
    const { status, stderr } = build({ edit: (_, cargoWasm) => fs.rmSync(cargoWasm) });
    assert.notEqual(status, 0);
    assert.match(stderr, /wasm-split\.mjs: cargo's output .*pyramid\.wasm is missing/);
  });

  test('an integrity rewrite that finds nothing stops the build with the reason', () => {
    const { status, stderr } = build({
      edit: (staging) => {
        const index = path.join(staging, 'index.html');
        fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(' integrity="sha384-trunk-wasm"', ''));
      },
    });
    assert.notEqual(status, 0);
    assert.match(stderr, /wasm-split\.mjs: index\.html: the integrity rewrite found no tag with href="\/pyramid-[0-9a-f]{16}_bg\.wasm"/);
  });

  test('a page that does not load Trunk\'s files stops the build with the reason', () => {
    const { status, stderr } = build({
      edit: (staging) => {
        const index = path.join(staging, 'index.html');
        fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace(/module_or_path: '[^']*'/, 'module_or_path: x'));
      },
    });
    assert.notEqual(status, 0);
    assert.match(stderr, /wasm-split\.mjs: index\.html does not start the page with '\/pyramid-[0-9a-f]{16}_bg\.wasm'/);
  });

  test('a missing tool says to run the setup', () => {
    const { status, stderr } = build({
      edit: () => fs.renameSync(path.join(BIN, 'wasm-opt'), path.join(BIN, 'wasm-opt.off')),
    });
    fs.renameSync(path.join(BIN, 'wasm-opt.off'), path.join(BIN, 'wasm-opt'));
    assert.notEqual(status, 0);
    assert.match(stderr, /wasm-split\.mjs: wasm-opt is not on PATH: run bash scripts\/setup\.sh/);
  });
});
