// The names and references of the page's split build, as plain functions
// (scripts/wasm-split.mjs runs the tools, this decides what the files are
// called and rewrites whatever names them; scripts/build-names.test.mjs).
//
// Every file written here is named by a hash of its final bytes, so a name
// that a browser or a CDN has cached for ever always stands for the same
// bytes. The files name each other in a cycle (the page's JS imports the
// later module's loader, which imports `initSync` from the page's JS), and
// a later-only change must not rename the page's files; so neither JS file
// names the other. Each imports the other under the name its tool gave it
// (`./__wasm_split.js`, `./pyramid.js`), and an import map in index.html,
// which is never cached for ever, points those names at the real files:
//
//   index.html ─┬─ import map: __wasm_split.js → later-L.js, pyramid.js → pyramid-M.js
//               ├─ script + modulepreload → pyramid-M.js ── default URL → pyramid-W_bg.wasm
//               ├─ preload → pyramid-W_bg.wasm
//               └─ modulepreload → later-L.js ── fetch → later-X.wasm
//
// Each name hashes its file's final bytes, which hold only the names of
// files further down, so a change to the later module renames only
// later-X.wasm, later-L.js and index.html.
import { createHash } from 'node:crypto';

/** A failure the build must stop at, with its reason. */
export class BuildError extends Error {}

const fail = (message) => {
  throw new BuildError(message);
};

/**
 * The module name the page's wasm imports wasm-bindgen's glue under. The
 * tool names it after its output (`./pyramid_bg.js`), in every one of the
 * wasm's 240 imports: one letter instead takes 176 bytes off the gzipped
 * wasm, and 4 off the glue (docs/size.md).
 */
export const GLUE_MODULE = 'w';

/** The unsigned LEB128 at `at` in `bytes`: its value and where it ends. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (at >= bytes.length) fail('wasm: a number runs past the end');
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** `value` as an unsigned LEB128. */
function toLeb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Buffer.from(out);
}

/**
 * `wasm` with every import from module `from` made an import from `to`;
 * fails if it is not a wasm module, or none of its imports is from `from`.
 */
export function renameImports(wasm, from, to) {
  const bytes = Buffer.from(wasm);
  if (bytes.length < 8 || bytes.readUInt32LE(0) !== 0x6d736100) fail('wasm: not a wasm module');
  const parts = [bytes.subarray(0, 8)];
  let renamed = 0;
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    const end = start + size;
    if (end > bytes.length) fail('wasm: a section runs past the end');
    if (id !== 2) {
      parts.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    // The import section: module name, field name, then what is imported.
    const body = [];
    let [count, i] = leb(bytes, start);
    body.push(toLeb(count));
    const name = () => {
      const [length, first] = leb(bytes, i);
      i = first + length;
      return bytes.subarray(first, i);
    };
    const limits = () => {
      const flags = bytes[i++];
      if (flags > 7) fail(`wasm: limits with flags ${flags}`);
      [, i] = leb(bytes, i);
      if (flags & 1) [, i] = leb(bytes, i);
    };
    for (; count > 0; count--) {
      const module = name().toString();
      const field = i;
      name();
      const kind = bytes[i++];
      if (kind === 0) [, i] = leb(bytes, i);
      else if (kind === 1) {
        if (![0x70, 0x6f].includes(bytes[i++])) fail('wasm: a table import of a type this does not read');
        limits();
      } else if (kind === 2) limits();
      else if (kind === 3) {
        if (![0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f].includes(bytes[i])) fail('wasm: a global import of a type this does not read');
        i += 2;
      } else if (kind === 4) [, i] = leb(bytes, i + 1);
      else fail(`wasm: an import of kind ${kind}`);
      const moduleOut = module === from ? (renamed++, to) : module;
      body.push(toLeb(Buffer.byteLength(moduleOut)), Buffer.from(moduleOut), bytes.subarray(field, i));
    }
    if (i !== end) fail('wasm: the import section does not end where its size says');
    const section = Buffer.concat(body);
    parts.push(Buffer.from([2]), toLeb(section.length), section);
    at = end;
  }
  if (renamed === 0) fail(`wasm: no import from ${JSON.stringify(from)} to rename`);
  return Buffer.concat(parts);
}

/** `<prefix>-<16 hex digits of the SHA-256 of bytes><suffix>`. */
export function contentName(prefix, bytes, suffix) {
  return `${prefix}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}${suffix}`;
}

/** The subresource integrity value of bytes (the algorithm Trunk uses). */
export function integrity(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

const MASK = (1n << 64n) - 1n;
const diffuse = (x) => {
  x = (x * 0x6eed0e9da4d94a4fn) & MASK;
  x ^= (x >> 32n) >> (x >> 60n);
  return (x * 0x6eed0e9da4d94a4fn) & MASK;
};

/** SeaHash (crate seahash 4, default seeds): Trunk 0.21 names the page's
 *  files `<bin>-<seahash of cargo's wasm, hex>`. */
export function seahash(bytes) {
  let [a, b, c, d] = [0x16f11fe89b0d677cn, 0xb480a793d8e6c86cn, 0x6fe2e5aaf078ebc9n, 0x14f994a4c5259381n];
  const push = (n) => {
    const x = diffuse(a ^ n);
    [a, b, c, d] = [b, c, d, x];
  };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const whole = bytes.byteLength & ~7;
  for (let i = 0; i < whole; i += 8) push(view.getBigUint64(i, true));
  if (whole < bytes.byteLength) {
    let n = 0n;
    for (let i = bytes.byteLength - 1; i >= whole; i--) n = (n << 8n) | BigInt(bytes[i]);
    push(n);
  }
  return diffuse(a ^ b ^ c ^ d ^ BigInt(bytes.byteLength));
}

/**
 * Checks that cargo's wasm is the one this build compiled: Trunk named the
 * page's JS `<bin>-<seahash of that wasm>.js`. Another hash means the file
 * is left from an older build, or Trunk built into another target
 * directory or profile. (Its mtime cannot tell: a build with nothing to
 * recompile keeps the old file, rightly.)
 * `wasm` is its bytes or null when it is missing; `modified` its mtime.
 */
export function checkCargoWasm({ path, wasm, modified, trunkJs }) {
  if (wasm === null) fail(`cargo's output ${path} is missing`);
  const built = trunkJs.match(/-([0-9a-f]+)\.js$/)?.[1];
  if (!built) fail(`cannot read the hash of cargo's wasm in Trunk's name ${trunkJs}`);
  const have = seahash(wasm).toString(16);
  if (have !== built) {
    fail(
      `cargo's wasm ${path} (written ${modified.toISOString()}) is stale, not the one this build compiled: ` +
        `Trunk built ${trunkJs} from a wasm whose seahash is ${built}, this file's is ${have}. ` +
        'It is left from an older build, or Trunk used another target directory or profile ' +
        '(CARGO_TARGET_DIR, data-cargo-profile-release in index.html).',
    );
  }
}

/** `text` with every `from` replaced by `to`; fails (saying `what`) if there is none. */
export function replaceEvery(text, from, to, what) {
  const parts = text.split(from);
  if (parts.length === 1) fail(`${what}: found no ${JSON.stringify(from)} to replace`);
  return parts.join(to);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `html` with the integrity of the tag that loads `href` set to that of `bytes`. */
export function setIntegrity(html, href, bytes) {
  const tag = new RegExp(`(<link\\b[^>]*\\bhref="${escape(href)}"[^>]*\\bintegrity=")[^"]*"`);
  if (!tag.test(html)) fail(`index.html: the integrity rewrite found no tag with href="${href}" and an integrity to replace`);
  return html.replace(tag, (_, head) => `${head}${integrity(bytes)}"`);
}

/**
 * Names the split build's files and rewrites everything that names them.
 *
 * Input: the tools' outputs under the names they gave them, and Trunk's.
 * - `index`: Trunk's index.html, which loads `trunkJs` and `trunkWasm`
 *   (a script, a modulepreload, a preload), each under the public URL.
 * - `mainJs` (wasm-bindgen's `<main>.js`: imports `./__wasm_split.js`,
 *   defaults to `<main>_bg.wasm`) and `mainWasm`, its wasm.
 * - `loader` (wasm-split-cli's `__wasm_split.js`: imports `./<main>.js`,
 *   fetches `./<laterWasmName>`) and `laterWasm`.
 * Output: `files`, each final name with its bytes; `index`, the page.
 */
export function nameBuild({ main, trunkJs, trunkWasm, index, mainJs, mainWasm, loader, laterWasmName, laterWasm }) {
  // The public URL (`/`, `/pyramid/`), as Trunk wrote it before its JS.
  const base = index.match(new RegExp(`<link rel="modulepreload" href="([^"]*)${escape(trunkJs)}"`))?.[1];
  if (base === undefined) fail(`index.html has no modulepreload of ${trunkJs}`);

  const later = contentName('later', laterWasm, '.wasm');
  const loaderOut = replaceEvery(loader, `"./${laterWasmName}"`, `"./${later}"`, 'the later module\'s loader');
  if (!loaderOut.includes(`from "./${main}.js"`)) fail(`the later module's loader does not import ./${main}.js`);
  const loaderName = contentName('later', loaderOut, '.js');

  const wasmName = contentName(main, mainWasm, '_bg.wasm');
  const jsOut = replaceEvery(mainJs, `'${main}_bg.wasm'`, `'${wasmName}'`, `${main}.js`);
  if (!/\bfrom\s*["']\.\/__wasm_split\.js["']/.test(jsOut)) fail(`${main}.js does not import ./__wasm_split.js`);
  const jsName = contentName(main, jsOut, '.js');

  let page = replaceEvery(index, `${base}${trunkJs}`, `${base}${jsName}`, 'index.html');
  page = replaceEvery(page, `${base}${trunkWasm}`, `${base}${wasmName}`, 'index.html');
  const stem = trunkJs.slice(0, -'.js'.length);
  if (page.includes(stem)) fail(`index.html still names ${stem} after the rewrite`);
  for (const name of [jsName, wasmName]) {
    if (!page.includes(`'${base}${name}'`)) fail(`index.html does not start the page with '${base}${name}'`);
  }
  page = setIntegrity(page, `${base}${jsName}`, jsOut);
  page = setIntegrity(page, `${base}${wasmName}`, mainWasm);

  // The loader is imported by the page's JS: fetch it beside that JS, not
  // after it (one round trip less before the table).
  const preload = new RegExp(`<link rel="modulepreload" href="${escape(base + jsName)}"[^>]*>`);
  const tag = page.match(preload)?.[0];
  if (!tag) fail(`index.html has no modulepreload of ${base}${jsName}`);
  page = page.replace(
    tag,
    () => `${tag}<link rel="modulepreload" href="${base}${loaderName}" crossorigin="anonymous" integrity="${integrity(loaderOut)}">`,
  );

  // Before the first module script: a map added after one has started
  // loading is ignored.
  const map = {
    imports: { [`${base}__wasm_split.js`]: `${base}${loaderName}`, [`${base}${main}.js`]: `${base}${jsName}` },
  };
  const first = page.search(/<script type="module"|<link rel="modulepreload"/);
  if (first < 0) fail('index.html has no module script');
  page = `${page.slice(0, first)}<script type="importmap">${JSON.stringify(map)}</script>\n${page.slice(first)}`;

  // The downloads start as early as the HTML allows: the import map and the
  // preloads (the wasm first, the largest) go right after the <meta> tags
  // that must come first, ahead of the stylesheets and the script.
  const hints = [...page.matchAll(/<script type="importmap">[^<]*<\/script>\n?|<link rel="(?:module)?preload"[^>]*>/g)].map((m) => m[0]);
  for (const hint of hints) page = page.replace(hint, '');
  const ordered = [
    hints.find((h) => h.startsWith('<script')),
    ...hints.filter((h) => h.includes(' as="fetch"')),
    ...hints.filter((h) => h.startsWith('<link rel="modulepreload"')),
  ];
  if (ordered.length !== hints.length || ordered.includes(undefined)) fail('index.html: unexpected preloads');
  const head = page.match(/<meta charset[^>]*>(\s*<meta name="viewport"[^>]*>)?/);
  if (!head) fail('index.html has no <meta charset> to put the preloads after');
  const at = head.index + head[0].length;
  page = `${page.slice(0, at)}\n    ${ordered.map((h) => h.trim()).join('\n    ')}${page.slice(at)}`;

  // The HTML's comments are for whoever edits index.html, not for the
  // first load's bytes.
  page = page.replace(/[ \t]*<!--[\s\S]*?-->\n?/g, '');

  const files = new Map([
    [jsName, Buffer.from(jsOut)],
    [wasmName, mainWasm],
    [loaderName, Buffer.from(loaderOut)],
    [later, laterWasm],
  ]);
  for (const [, name] of page.matchAll(/\b((?:pyramid|later)-[0-9a-f]+(?:_bg\.wasm|\.wasm|\.js))\b/g)) {
    if (!files.has(name)) fail(`index.html names ${name}, which this build does not write`);
  }
  return { index: page, files };
}
