// Nothing is lost when storage fills up, an imported
// statistics file never removes the player's rounds without asking, and a
// first visit whose download fails says so and tries again.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { PyramidPage, solveDeal, stat } from './pyramid-page';

const STATS_KEY = 'pyramid.stats';

/** Fills localStorage to its quota with filler keys; returns their names. */
async function fillStorage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const keys: string[] = [];
    for (let size = 1 << 20; size >= 1; size >>= 1) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        const key = `filler.${keys.length}`;
        try {
          localStorage.setItem(key, chunk);
          keys.push(key);
        } catch {
          break;
        }
      }
    }
    return keys;
  });
}

async function freeStorage(page: Page, keys: string[]) {
  await page.evaluate((keys) => keys.forEach((k) => localStorage.removeItem(k)), keys);
}

async function storedRecords(page: Page): Promise<string[]> {
  const text = await page.evaluate((k) => localStorage.getItem(k), STATS_KEY);
  const book = JSON.parse(text ?? '{"presets":{}}');
  return Object.values(book.presets).flatMap((p: any) => p.records.map((r: any) => r.end));
}

test('a round finished while storage is full is written at the next save, once, in every tab', async ({ page, context }) => {
  const a = new PyramidPage(page);
  const b = new PyramidPage(await context.newPage());
  const solved = solveDeal(1, 'classic');
  await a.open(1, 'classic');
  await b.open(2, 'classic');
  const filler = await fillStorage(page);
  expect(filler.length).toBeGreaterThan(0);

  await a.playLine(solved.moves);
  await expect(a.dialog('You won!')).toBeVisible();
  await expect(stat(page, 'Won')).toHaveText('1');
  const note = page.getByTestId('storage-note');
  const waiting = page.getByTestId('storage-waiting');
  await expect(note).toHaveText('Progress is not being saved: browser storage is full.');
  await expect(waiting).toContainText('Waiting to be saved: 1 finished round (Classic won)');
  await expect(waiting).toContainText('lost if this page is closed or reloaded');
  expect(await storedRecords(page)).toEqual([]);

  // Space comes back; the next save (a new deal, then a move) writes the
  // waiting round first, and the note goes.
  await freeStorage(page, filler);
  await a.dialog('You won!').getByRole('button', { name: 'New deal' }).click();
  await a.stock.click();
  await expect(a.moves).toHaveText('1');
  await expect(note).toHaveCount(0);
  await expect(waiting).toHaveCount(0);
  expect(await storedRecords(page)).toEqual(['won']);
  await expect(stat(b.page, 'Won')).toHaveText('1'); // through the storage event

  for (const tab of [a, b]) {
    await tab.page.reload();
    await expect(stat(tab.page, 'Won')).toHaveText('1');
    await expect(stat(tab.page, 'Played')).toHaveText('1');
  }
  expect(await storedRecords(page)).toEqual(['won']);
});

test('while finished rounds wait, the note offers the export and leaving asks first', async ({ page }) => {
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'classic');
  await game.open(1, 'classic');
  await fillStorage(page);
  await game.playLine(solved.moves);
  await game.dialog('You won!').getByRole('button', { name: 'Close' }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('storage-waiting').getByRole('button', { name: 'Export statistics' }).click();
  const exported = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
  expect(exported.presets.classic.records.map((r: any) => r.end)).toEqual(['won']);

  // Leaving asks first; a reload that goes ahead says what was lost.
  let asked = '';
  page.on('dialog', async (dialog) => {
    asked = dialog.type();
    await dialog.accept();
  });
  await page.reload();
  expect(asked).toBe('beforeunload');
  await expect(page.getByTestId('storage-lost')).toContainText(
    'When the page was left, browser storage could not take these: 1 finished round (Classic won). They are lost.',
  );
  await page.getByTestId('storage-lost').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('storage-lost')).toHaveCount(0);
  // Said once: the next reload has nothing to say.
  await page.reload();
  await expect(page.locator('[data-zone="pyramid"]').first()).toBeVisible();
  await expect(page.locator('.stats-actions')).toBeVisible();
  await expect(page.getByTestId('storage-lost')).toHaveCount(0);
});

test('storage that cannot be reached: the game plays on and says what is not kept', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'classic');
  await game.open(1, 'classic');
  const note = page.getByTestId('storage-note');
  await expect(note).toContainText('Progress is not being saved: browser storage is not available.');
  await game.playLine(solved.moves);
  await expect(game.dialog('You won!')).toBeVisible();
  await expect(stat(page, 'Won')).toHaveText('1');
  await expect(page.getByTestId('storage-waiting')).toContainText('1 finished round (Classic won)');
  expect(errors).toEqual([]);
});

const DAY = 86_400_000;

/** Classic at 5 played / 2 won / 2 lost / 1 abandoned over nine days, one of them a moment ago. */
function localBook(now: number) {
  const rec = (id: string, end: string, at: number) => ({ id, end, elapsed_ms: 60_000, moves: 30, score: end === 'won' ? 0 : -20, finished_at_ms: at });
  return {
    version: 2,
    presets: {
      classic: {
        reset_at_ms: 0,
        records: [
          rec('l1', 'won', now - 9 * DAY),
          rec('l2', 'lost', now - 7 * DAY),
          rec('l3', 'abandoned', now - 5 * DAY),
          rec('l4', 'lost', now - 2 * DAY),
          rec('l5', 'won', now - 30_000),
        ],
      },
    },
  };
}

test('an import shows what it would do and keeps the player\'s rounds unless told', async ({ page }) => {
  const now = Date.now();
  await page.goto('/not-the-game');
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [STATS_KEY, JSON.stringify(localBook(now))]);
  const game = new PyramidPage(page);
  await game.open(3, 'classic');
  const figures = async () => Promise.all(['Played', 'Won', 'Lost', 'Abandoned'].map((n) => stat(page, n).textContent()));
  await expect(stat(page, 'Played')).toHaveText('5');
  const resetAt = now - 60_000;
  const file = {
    version: 2,
    presets: {
      classic: {
        reset_at_ms: resetAt,
        records: [{ id: 'other-device', end: 'lost', elapsed_ms: 5000, moves: 9, score: -40, finished_at_ms: now - 20_000 }],
      },
    },
  };
  const input = page.getByTestId('import-file');
  const upload = () => input.setInputFiles({ name: 'stats.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  const dialog = game.dialog('Import statistics?');
  const date = await page.evaluate((ms) => new Date(ms).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }), resetAt);

  // Cancel changes nothing.
  await upload();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('import-effects')).toHaveText(
    `adds 1 round to Classic; the file's reset of Classic on ${date} would remove 4 of your rounds`,
  );
  await expect(dialog.getByLabel(/Keep my rounds/)).toBeChecked();
  expect(await new AxeBuilder({ page }).include('dialog[open]').analyze().then((r) => r.violations)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await figures()).toEqual(['5', '2', '2', '1']);

  // The default keeps the player's rounds and adds the file's.
  await upload();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(game.message).toContainText('Statistics imported');
  expect(await figures()).toEqual(['6', '2', '3', '1']);
  await page.reload();
  expect(await figures()).toEqual(['6', '2', '3', '1']);

  // The same file again adds nothing; applying its reset is the player's choice.
  await upload();
  await expect(dialog.getByTestId('import-effects')).toHaveText(
    `adds no round to Classic; the file's reset of Classic on ${date} would remove 4 of your rounds`,
  );
  await dialog.getByRole('button', { name: 'Import' }).click();
  expect(await figures()).toEqual(['6', '2', '3', '1']);
  await upload();
  await dialog.getByLabel(/Apply the file's reset/).check();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  expect(await figures()).toEqual(['2', '1', '1', '0']);
  await page.reload();
  expect(await figures()).toEqual(['2', '1', '1', '0']);
});

test('a first visit whose download fails says so, retries, and then starts normally', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  let failures = 0;
  await page.route(/\/pyramid-[0-9a-f]+_bg\.wasm$/, async (route) => {
    if (failures < 2) {
      failures += 1;
      await route.fulfill({ status: 500, body: 'down' });
    } else {
      await route.continue();
    }
  });
  await page.goto('/?deal=1&rules=classic');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The game could not load: check the connection.');
  const retry = alert.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  // WCAG A and AA (a page with no game yet has no heading, which is fine).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('boot-failed-360.png') });
  if (failures < 2) {
    // The preload and the start shared one request: Retry fails once more.
    await retry.click();
    await expect.poll(() => failures).toBe(2);
  }
  const game = new PyramidPage(page);
  await expect(page.locator('[data-zone="pyramid"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(alert).toHaveCount(0);
  expect(failures).toBe(2);
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
});

test('a page script that does not arrive is fetched again', async ({ page }) => {
  // Every request for the page's script fails until the page has said so
  // (its modulepreload and the module script's own fetch may both ask).
  let offline = true;
  await page.route(/\/pyramid-[0-9a-f]+\.js$/, async (route) => {
    if (offline) {
      await route.abort('internetdisconnected');
    } else {
      await route.continue();
    }
  });
  await page.goto('/?deal=1&rules=classic');
  await expect(page.getByRole('alert')).toContainText('The game could not load');
  offline = false;
  const game = new PyramidPage(page);
  await expect(page.locator('[data-zone="pyramid"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
});
