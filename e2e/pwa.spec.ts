// The installed app (SPEC §9): the manifest and icons, the service
// worker that keeps every file of the build for offline play, the notice of
// a new version, and the build published under a sub-path.
//
// Service workers and caches belong to an origin, so each test serves its
// own copy of the build on a port of its own (e2e/static-server.ts); the
// other specs run with service workers blocked (playwright.config.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { PyramidPage } from './pyramid-page';
import { filesUnder, serveDirectory, type StaticServer } from './static-server';

const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
/** `trunk build --release --public-url /pyramid/ --dist target/pages/pyramid` (scripts/test.sh). */
const PAGES = path.join(ROOT, 'target', 'pages');

test.use({ serviceWorkers: 'allow' });

let server: StaticServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A copy of dist/ that the test may change, as a new build would. */
function copyOfDist(outputDir: string): string {
  const site = path.join(outputDir, 'site');
  fs.rmSync(site, { recursive: true, force: true });
  fs.cpSync(DIST, site, { recursive: true });
  return site;
}

/** The URL paths the service worker must keep: every file of the build at
 *  `dir` served under `base`, the page under its directory's URL. */
function expectedCache(dir: string, base: string): string[] {
  return filesUnder(dir)
    .filter((f) => f !== 'sw.js')
    .map((f) => (f === 'index.html' ? base : base + f))
    .sort();
}

/** Our caches on this origin and the paths each holds. */
async function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await self.caches.keys()) {
      const cache = await self.caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
    }
    return out;
  });
}

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

async function openAt(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('[data-zone="pyramid"]').first()).toBeVisible();
}

test('installable: a manifest with icons, theme colour and a service worker of the page scope', async ({ page }) => {
  server = await serveDirectory(DIST);
  await openAt(page, server.url);
  await waitForServiceWorker(page);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('assets/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#14532d');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', 'assets/apple-touch-icon.png');

  // Chromium's own reading of the manifest.
  const cdp = await page.context().newCDPSession(page);
  const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
  expect(read.url).toBe(`${server.url}assets/manifest.webmanifest`);
  expect(read.errors).toEqual([]);
  const manifest = JSON.parse(read.data ?? '{}');
  expect(manifest.name).toBe('Pyramid Solitaire');
  expect(manifest.display).toBe('standalone');
  expect(new URL(manifest.start_url, read.url).href).toBe(server.url);
  expect(new URL(manifest.scope, read.url).href).toBe(server.url);
  const purposes = manifest.icons.map((i: { purpose: string }) => i.purpose);
  expect(purposes).toContain('maskable');
  for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
    const file = path.join(DIST, 'assets', icon.src);
    expect(fs.existsSync(file), icon.src).toBe(true);
    if (icon.type === 'image/png') {
      // A PNG's width and height are the big-endian words at bytes 16 and 20.
      const bytes = fs.readFileSync(file);
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  }
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito profiles, where Chromium installs nothing.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(server.url);
  expect(server.missing).toEqual([]);
});

test('offline: the second load needs no network and resumes the round', async ({ page, context }, testInfo) => {
  const site = copyOfDist(testInfo.outputDir);
  server = await serveDirectory(site);
  const game = new PyramidPage(page);
  await openAt(page, `${server.url}?deal=1&rules=classic`);
  await waitForServiceWorker(page);

  // Every file of the build is in one cache of this scope.
  const kept = await cacheContents(page);
  expect(Object.keys(kept)).toHaveLength(1);
  expect(Object.keys(kept)[0]).toMatch(new RegExp(`^pyramid ${server.url} [0-9a-f]{16}$`));
  expect(Object.values(kept)[0]).toEqual(expectedCache(site, '/'));

  await game.stock.click();
  await game.stock.click();
  await expect(game.moves).toHaveText('2');
  const deal = await page.getByTestId('deal').textContent();

  // No network at all: the browser is offline and the server is gone.
  await context.setOffline(true);
  await server.close();
  server = undefined;

  await page.reload();
  await game.dealt();
  await expect(game.moves).toHaveText('2');
  await expect(page.getByTestId('deal')).toHaveText(deal ?? '');
  // The solver's worker loads from the cache too.
  await game.button('Hint').click();
  await expect(page.locator('[data-hint="true"]').first()).toBeVisible();
  await game.stock.click();
  await expect(game.moves).toHaveText('3');
  // How to play shows the rules from the cached rules.html.
  await page.keyboard.press('F1');
  const howto = game.dialog('How to play');
  await expect(howto.getByRole('heading', { name: 'Classic', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(howto).toBeHidden();

  // A second tab, offline, opens the game as well, and the rules page.
  const other = await context.newPage();
  await openAt(other, `${new URL(page.url()).origin}/`);
  await other.goto(`${new URL(page.url()).origin}/rules.html`);
  await expect(other.getByRole('heading', { level: 2, name: 'Par Pyramid' })).toBeVisible();
  await other.close();
});

test('a new build: the notice never interrupts, and Reload keeps the round', async ({ page }, testInfo) => {
  const site = copyOfDist(testInfo.outputDir);
  server = await serveDirectory(site);
  const game = new PyramidPage(page);
  await openAt(page, `${server.url}?deal=1&rules=classic`);
  await waitForServiceWorker(page);
  const [oldCache] = Object.keys(await cacheContents(page));
  await game.stock.click();
  await game.stock.click();
  await expect(game.moves).toHaveText('2');

  // A dialog is open when the new build arrives.
  await page.keyboard.press('?');
  const shortcuts = game.dialog('Keyboard shortcuts');
  await expect(shortcuts).toBeVisible();

  // The new build: a changed page, and the hook run again over the files.
  const index = path.join(site, 'index.html');
  fs.writeFileSync(
    index,
    fs.readFileSync(index, 'utf8').replace('<head>', '<head>\n    <meta name="pyramid-build" content="second" />'),
  );
  execFileSync('node', [path.join(ROOT, 'scripts', 'service-worker.mjs')], {
    env: { ...process.env, TRUNK_STAGING_DIR: site, TRUNK_PROFILE: 'release' },
  });
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const notice = page.getByTestId('update-notice');
  await expect(notice).toHaveText('A new version is ready — Reload');
  await expect(notice).toHaveAttribute('role', 'status');
  // It took nothing from the round or the dialog: still open, still focused.
  await expect(shortcuts).toBeVisible();
  expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  await expect(game.moves).toHaveText('2');
  await expect(page.locator('meta[name="pyramid-build"]')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  const axe = await new AxeBuilder({ page }).include('[data-testid="update-notice"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // By keyboard: the notice's button is reachable and works.
  const reload = notice.getByRole('button', { name: 'Reload' });
  await reload.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('meta[name="pyramid-build"]')).toHaveCount(1);
  await game.dealt();
  await expect(game.moves).toHaveText('2');
  await expect(notice).toHaveCount(0);

  // The old build's cache is gone; the new one holds the new build.
  await waitForServiceWorker(page);
  const kept = await cacheContents(page);
  expect(Object.keys(kept)).toHaveLength(1);
  expect(Object.keys(kept)[0]).not.toBe(oldCache);
  expect(Object.values(kept)[0]).toEqual(expectedCache(site, '/'));
});

test('published under a sub-path: /pyramid/ plays, hints and works offline', async ({ page, context }) => {
  const build = path.join(PAGES, 'pyramid');
  expect(
    fs.existsSync(path.join(build, 'index.html')),
    'run `trunk build --release --public-url /pyramid/ --dist target/pages/pyramid` first (scripts/test.sh does)',
  ).toBe(true);
  server = await serveDirectory(PAGES);
  const base = `${server.url}pyramid/`;
  const game = new PyramidPage(page);
  await openAt(page, `${base}?deal=1&rules=classic`);
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  await game.button('Hint').click();
  await expect(page.locator('[data-hint="true"]').first()).toBeVisible();

  await waitForServiceWorker(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(base);
  const kept = await cacheContents(page);
  expect(Object.keys(kept)).toEqual([expect.stringMatching(new RegExp(`^pyramid ${base} `))]);
  expect(Object.values(kept)[0]).toEqual(expectedCache(build, '/pyramid/'));
  expect(server.missing).toEqual([]);

  await context.setOffline(true);
  await server.close();
  server = undefined;
  await page.reload();
  await game.dealt();
  await expect(game.moves).toHaveText('1');
});
