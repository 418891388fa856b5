// Trunk post_build hook (Trunk.toml): writes the service worker, sw.js, into
// the staging directory from the template pwa/sw.js, with the list of every
// file of the build and a version hashed from their bytes and the template's.
// Release builds only; a debug build (`trunk serve`) gets a worker that
// caches nothing, so development never sees a stale page.
//
// Also usable by hand on a finished build:
//   TRUNK_STAGING_DIR=dist TRUNK_PROFILE=release node scripts/service-worker.mjs
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUT = 'sw.js';
const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'pwa', 'sw.js');
const BUILD_LINE = /^const BUILD = .*$/m;

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('service-worker.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk hook)');
  process.exit(1);
}
const release = process.env.TRUNK_PROFILE === 'release';
const template = fs.readFileSync(TEMPLATE, 'utf8');
if (!BUILD_LINE.test(template)) {
  console.error(`service-worker.mjs: no "const BUILD = …" line in ${TEMPLATE}`);
  process.exit(1);
}

/** Every file under `dir`, as a path relative to it with `/` separators. */
function walk(dir, prefix = '') {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) out.push(...walk(path.join(dir, entry.name), `${rel}/`));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

const files = walk(staging)
  .filter((file) => file !== OUTPUT)
  .sort();
const hash = createHash('sha256');
hash.update(template);
for (const file of files) {
  hash.update(`\0${file}\0`);
  hash.update(fs.readFileSync(path.join(staging, file)));
}
const version = hash.digest('hex').slice(0, 16);

let build = { version: 'dev', files: [], precache: false };
if (release) {
  // The page is cached under its directory's URL, the one players open
  // (some static hosts redirect /index.html to /).
  build = { version, files: files.map((file) => (file === 'index.html' ? './' : file)), precache: true };
}
const source = template.replace(BUILD_LINE, `const BUILD = ${JSON.stringify(build)};`);
fs.writeFileSync(path.join(staging, OUTPUT), source);
console.log(
  release
    ? `service-worker.mjs: ${OUTPUT} precaches ${files.length} files, version ${version}`
    : `service-worker.mjs: ${OUTPUT} for a debug build (caches nothing)`,
);
