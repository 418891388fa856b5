// Pyramid Solitaire's service worker: it keeps every file of one build in a
// cache and serves the game from there, so a second visit needs no network.
//
// This is a template. scripts/service-worker.mjs, a Trunk post_build hook,
// writes it to the build as sw.js (next to index.html, so its scope is the
// page's own directory) with the line below replaced by the build's file
// list and a version hashed from those files. A new build is a new sw.js,
// which the browser installs beside the old one; the page then offers
// "A new version is ready — Reload" (assets/pwa.js), and the new worker
// takes over only when the player asks for it (`skip-waiting`).
// Debug builds (`trunk serve`) keep the line as it is: nothing is cached.
const BUILD = { version: 'dev', files: [], precache: false }; // BUILD

// Caches are per origin, and another copy of the game may live on the same
// origin under another path: each scope owns the caches named after it.
const SCOPE = self.registration.scope;
const PREFIX = `pyramid ${SCOPE} `;
const CACHE = PREFIX + BUILD.version;
const INDEX = new URL('./', self.location).href;

self.addEventListener('install', (event) => {
  if (!BUILD.precache) {
    self.skipWaiting();
    return;
  }
  // `no-cache`: revalidate with the server, so a file whose name carries no
  // hash (index.html, the solver's worker, assets/) is never taken stale
  // from the HTTP cache. Any file missing fails the install, and the
  // running version stays.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(BUILD.files.map((file) => new Request(new URL(file, self.location), { cache: 'no-cache' }))),
    ),
  );
});

self.addEventListener('activate', (event) => {
  // The new build is in place: the caches of older builds of this scope go.
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      // Take the open page too: if the network goes later, the solver's
      // worker (started again after a cancelled question) still loads.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (!BUILD.precache || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!url.href.startsWith(SCOPE)) return;
  // The page itself, whatever its query (?deal=N&rules=ID), is the cached
  // index.html; every other file is looked up by its path alone.
  const path = url.origin + url.pathname;
  const key = path === INDEX || path === `${INDEX}index.html` ? INDEX : path;
  event.respondWith(openCache().then((cache) => cache.match(key)).then((hit) => hit || fetch(request)));
});

// Opened once for the worker's life, not once per request.
let opened;
function openCache() {
  opened ??= caches.open(CACHE);
  return opened;
}
