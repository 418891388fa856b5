// Offline play: registers the service worker (sw.js, next to index.html; its
// scope is the page's own directory, so the game works under any sub-path)
// and offers a new version without ever interrupting a round. Also keeps
// the table's shape for the next load's frame.
//
// index.html imports this module once the board is interactive, so none of
// it is on the first load's critical path.
const container = navigator.serviceWorker;
if (container) start().catch(() => {});

// The frame index.html draws before the wasm runs takes the shape of the
// table last shown: on leaving or hiding the page, the row beside the
// pyramid is kept as its places' classes, copied from the table itself
// (nothing here knows a rule), less the classes of a moment.
const keepShape = () => {
  const row = document.querySelector('.app .stock-waste');
  if (!row) return;
  const places = [...row.children]
    .filter((place) => !place.hidden && place.matches('.pile:not(.discard-pile)'))
    .map((place) => [...place.classList].filter((c) => !['pile', 'stacked', 'last-move'].includes(c)).join(' '));
  try {
    localStorage.setItem('pyramid.frame', [row.classList.contains('reserve') ? 'reserve' : 'stock', ...places].join('|'));
  } catch {
    // Storage full or off: the next load draws the plain frame.
  }
};
addEventListener('pagehide', keepShape);
document.addEventListener('visibilitychange', () => document.hidden && keepShape());

async function start() {
  const registration = await container.register(new URL('sw.js', document.baseURI), {
    scope: new URL('./', document.baseURI).href,
  });
  // Playwright's `serviceWorkers: 'block'` answers with nothing.
  if (!registration) return;

  let reloading = false;
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (reloading) {
      location.reload();
    } else if (controlled) {
      // Another tab took the new version: the files this page may still
      // ask for (the solver's worker) now come from that one.
      offer();
    }
    controlled = true;
  });

  // A worker that finishes installing while an older one controls the page
  // is a new version. (The very first install is no update.)
  const track = (worker) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer();
    });
  const offer = () => {
    if (container.controller) showNotice(reload);
  };
  if (registration.waiting) offer();
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
  // A tab left open for days still hears of new builds when it is shown again.
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) registration.update().catch(() => {});
  });

  function reload() {
    reloading = true;
    // The page saves the round on `pagehide`, which the reload fires (and
    // after every move before that), so the round resumes in the new version.
    if (registration.waiting) {
      registration.waiting.postMessage('skip-waiting');
      // Should the new worker never take over, reload anyway.
      setTimeout(() => location.reload(), 3000);
    } else {
      location.reload();
    }
  }
}

/** "A new version is ready — Reload", at the foot of the window. It never
 *  takes focus, and a modal dialog keeps it inert underneath. */
function showNotice(onReload) {
  if (document.querySelector('.update-notice')) return;
  const notice = document.createElement('div');
  notice.className = 'update-notice';
  notice.setAttribute('role', 'status');
  notice.dataset.testid = 'update-notice';
  notice.style.cssText =
    'position:fixed;left:0;right:0;bottom:1rem;margin:0 auto;width:max-content;max-width:calc(100% - 2rem);' +
    'display:flex;gap:.75rem;align-items:center;padding:.5rem .75rem;border-radius:.5rem;z-index:10;' +
    'background:#fffdf7;color:#111;border:2px solid #0d3b20;box-shadow:0 2px 10px #0006;font-size:.95rem';
  document.body.append(notice);
  // The live region exists before its words arrive, so they are announced.
  requestAnimationFrame(() => {
    const text = document.createElement('span');
    text.textContent = 'A new version is ready \u2014 ';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Reload';
    button.style.cssText =
      'min-height:2.25rem;padding:.3rem .8rem;border-radius:.4rem;border:1px solid #052e16;' +
      'background:#166534;color:#fff;cursor:pointer;font:inherit';
    button.addEventListener('click', () => {
      button.disabled = true;
      onReload();
    });
    notice.append(text, button);
  });
}
