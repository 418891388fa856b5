// Persistence against the browser's real localStorage: resuming a round,
// statistics that survive reloads and are counted once, unreadable data set
// aside under a backup key, storage that refuses to write, and two tabs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, test, expect, type Page } from '@playwright/test';
import { PyramidPage, solveDeal, stat } from './pyramid-page';

const STATS_KEY = 'pyramid.stats';

/** The storage key of the round on the table: each round has its own. */
async function roundKey(page: Page): Promise<string> {
  return `pyramid.round.${await page.locator('.app').getAttribute('data-round')}`;
}

/** The clock as seconds. */
async function seconds(game: PyramidPage): Promise<number> {
  const [m, s] = (await game.time.textContent())!.trim().split(':').map(Number);
  return m * 60 + s;
}

async function storageItems(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const all: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      all[key] = localStorage.getItem(key)!;
    }
    return all;
  });
}

/**
 * Writes `value` under `key` while the game is not open: the page leaves
 * for a plain page of the same origin (a 404), so the game's own save on
 * leaving cannot overwrite the value, then comes back.
 */
async function corrupt(game: PyramidPage, key: string, value: string, deal: number, rules: string) {
  await game.page.goto('/not-the-game');
  await game.page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value]);
  await game.open(deal, rules);
}

async function recordIds(page: Page): Promise<string[]> {
  const text = await page.evaluate((k) => localStorage.getItem(k), STATS_KEY);
  const book = JSON.parse(text ?? '{"presets":{}}');
  return Object.values(book.presets).flatMap((p: any) => p.records.map((r: any) => `${r.id}:${r.end}`));
}

test('reload mid-round: same position, moves, redo and clock', async ({ page }) => {
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'classic');
  await game.open(1, 'classic');
  const line = solved.moves.split(' ');
  await game.playLine(line.slice(0, 5).join(' '));
  await game.button('Undo').click();
  await expect(game.moves).toHaveText('4');
  await expect(game.button('Redo')).toBeEnabled();
  // Let the clock run past a few seconds (saved only every 5 s while
  // playing, and exactly when the page is left).
  await expect.poll(() => seconds(game), { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
  const before = await seconds(game);
  const cards = await page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));

  await page.reload();
  await game.dealt();
  await expect(game.moves).toHaveText('4');
  await expect(game.message).toContainText('Resuming deal 1');
  expect(await page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))).toEqual(cards);
  expect(await seconds(game)).toBeGreaterThanOrEqual(before);
  await expect(page.getByTestId('deal')).toContainText('Classic');
  await expect(game.button('Undo')).toBeEnabled();
  await expect(game.button('Redo')).toBeEnabled();
  await game.button('Redo').click();
  await expect(game.moves).toHaveText('5');
  // The rest of the line still wins: the history was restored exactly.
  await game.button('Undo').click();
  await game.button('Redo').click();
  for (const [i, move] of line.slice(5).entries()) {
    await game.play(move);
    await expect(game.moves).toHaveText(String(i + 6));
  }
  await expect(game.dialog('You won!')).toBeVisible();
  await expect(page.getByTestId('storage-note')).toHaveCount(0);
});

test('a won round is counted once, however often the page is reloaded', async ({ page }) => {
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'classic');
  await game.open(1, 'classic');
  await game.playLine(solved.moves);
  await expect(game.dialog('You won!')).toBeVisible();
  await expect(stat(page, 'Played')).toHaveText('1');
  await expect(stat(page, 'Won')).toHaveText('1');
  await expect(stat(page, 'Win rate')).toHaveText('100 %');
  await expect(page.getByTestId('stats-strip')).toHaveAttribute('aria-label', /Last round: won/);

  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(game.pyramidCards()).toHaveCount(0); // the won position is restored
    await expect(game.dialog('You won!')).toBeVisible();
    await expect(stat(page, 'Played')).toHaveText('1');
    await expect(stat(page, 'Won')).toHaveText('1');
    await expect(stat(page, 'Current streak')).toHaveText('1');
    await expect(stat(page, 'Fewest moves')).toHaveText(String(solved.moves.split(' ').length));
  }
  expect(await recordIds(page)).toHaveLength(1);
  // A new deal after a finished round records nothing more.
  await game.dialog('You won!').getByRole('button', { name: 'New deal' }).click();
  await expect(game.moves).toHaveText('0');
  await expect(stat(page, 'Played')).toHaveText('1');
  // Starting a deal and leaving it part-way is one abandoned round.
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  await game.button('New deal').click();
  await game.dialog('New deal').getByRole('button', { name: 'Deal' }).click();
  await expect(stat(page, 'Abandoned')).toHaveText('1');
  await expect(stat(page, 'Played')).toHaveText('2');
  await page.reload();
  await expect(stat(page, 'Played')).toHaveText('2');
});

const validStats = JSON.stringify({
  version: 2,
  presets: {
    classic: {
      reset_at_ms: 0,
      records: [{ id: 'earlier-win', end: 'won', elapsed_ms: 61000, moves: 33, score: 0, finished_at_ms: 1000 }],
    },
  },
});

for (const [what, value] of [
  ['garbage', 'garbage'],
  ['a newer version', JSON.stringify({ version: 99, preset: 'classic', anything: [1, 2, 3] })],
] as const) {
  test(`an unreadable round (${what}) is backed up; the statistics stay`, async ({ page }) => {
    const game = new PyramidPage(page);
    await game.open(1, 'classic');
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [STATS_KEY, validStats]);
    await page.reload();
    await expect(stat(page, 'Played')).toHaveText('1');
    await game.play('5C+8C');
    await expect(game.moves).toHaveText('1');

    await corrupt(game, await roundKey(page), value, 1, 'classic');
    await expect(game.message).toContainText('A saved round could not be read');
    const items = await storageItems(page);
    const backups = Object.keys(items).filter((k) => k.startsWith('pyramid.backup.round.'));
    expect(backups).toHaveLength(1);
    expect(items[backups[0]]).toBe(value);
    expect(items[STATS_KEY]).toBe(validStats);
    await expect(stat(page, 'Played')).toHaveText('1');
    await expect(stat(page, 'Won')).toHaveText('1');
    // Play goes on with a fresh round, which is saved again.
    await expect(game.moves).toHaveText('0');
    await game.play('5C+8C');
    await expect(game.moves).toHaveText('1');
    expect(JSON.parse((await storageItems(page))[await roundKey(page)]).played).toBe(1);
    await expect(page.getByTestId('storage-note')).toHaveCount(0);
  });

  test(`unreadable statistics (${what}) are backed up; the round stays`, async ({ page }) => {
    const game = new PyramidPage(page);
    await game.open(1, 'classic');
    await game.play('5C+8C');
    await game.stock.click();
    await expect(game.moves).toHaveText('2');
    const key = await roundKey(page);
    const round = (await storageItems(page))[key];

    await corrupt(game, STATS_KEY, value, 1, 'classic');
    await expect(game.message).toContainText('The saved statistics could not be read');
    const banner = page.getByTestId('data-notice');
    await expect(banner).toHaveCount(1);
    await expect(banner).toContainText('The saved statistics could not be read');
    await expect(banner).toContainText('pyramid.backup.stats.');
    const items = await storageItems(page);
    const backups = Object.keys(items).filter((k) => k.startsWith('pyramid.backup.stats.'));
    expect(backups).toHaveLength(1);
    expect(items[backups[0]]).toBe(value);
    // The banner stays through play, offers the unreadable text as a file,
    // and goes when dismissed.
    await game.stock.click();
    await expect(game.moves).toHaveText('3');
    await expect(banner).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="data-notice"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      banner.getByRole('button', { name: 'Download the copy' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${backups[0]}.json`);
    expect(readFileSync(await download.path(), 'utf8')).toBe(value);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    expect(JSON.parse(items[key]).line).toEqual(JSON.parse(round).line);
    // The round was resumed, not lost.
    await expect(game.moves).toHaveText('3');
    await expect(stat(page, 'Played')).toHaveText('0');
    // The next finished round starts the statistics afresh.
    await game.button('New deal').click();
    await game.dialog('New deal').getByRole('button', { name: 'Deal' }).click();
    await expect(stat(page, 'Abandoned')).toHaveText('1');
    const after = await storageItems(page);
    expect(JSON.parse(after[STATS_KEY]).version).toBe(2);
    expect(after[backups[0]]).toBe(value);
  });
}

test('storage that refuses to write: the game plays on and says so', async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'classic');
  await game.open(1, 'classic');
  const note = page.getByTestId('storage-note');
  await expect(note).toBeVisible();
  await expect(note).toContainText('Progress is not being saved');
  await expect(note).toContainText('full');
  await game.playLine(solved.moves);
  await expect(game.dialog('You won!')).toBeVisible();
  await expect(stat(page, 'Won')).toHaveText('1');
  await expect(note).toBeVisible();
  expect(await storageItems(page)).toEqual({});
});

test('two tabs each finish a round: both are in the statistics', async ({ page, context }) => {
  const a = new PyramidPage(page);
  const b = new PyramidPage(await context.newPage());
  const solved = solveDeal(1, 'classic');
  await a.open(1, 'classic');
  await b.open(2, 'classic');
  // Tab B starts a round; tab A wins deal 1.
  await b.stock.click();
  await expect(b.moves).toHaveText('1');
  await a.playLine(solved.moves);
  await expect(a.dialog('You won!')).toBeVisible();
  await expect(stat(b.page, 'Won')).toHaveText('1'); // through the storage event
  // Tab B leaves its round for a new deal: abandoned.
  await b.button('New deal').click();
  await b.dialog('New deal').getByRole('button', { name: 'Deal' }).click();
  for (const tab of [a, b]) {
    await expect(stat(tab.page, 'Played')).toHaveText('2');
    await expect(stat(tab.page, 'Won')).toHaveText('1');
    await expect(stat(tab.page, 'Abandoned')).toHaveText('1');
  }
  expect((await recordIds(page)).sort()).toHaveLength(2);
  await b.page.reload();
  await expect(stat(b.page, 'Played')).toHaveText('2');
});

test('reset with confirmation, export and import', async ({ page }) => {
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'classic');
  await game.open(1, 'classic');
  await game.playLine(solved.moves);
  await game.dialog('You won!').getByRole('button', { name: 'Close' }).click();
  await expect(stat(page, 'Played')).toHaveText('1');

  const download = page.waitForEvent('download');
  await game.button('Export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('pyramid-stats.json');
  const text = readFileSync((await file.path())!, 'utf8');
  // Indented for a person to read; the same document as the stored one.
  expect(text).toContain('\n  "presets": {');
  const exported = JSON.parse(text);
  expect(exported.version).toBe(2);
  expect(exported.presets.classic.records).toHaveLength(1);

  await game.button('Reset statistics').click();
  const confirm = game.dialog('Reset statistics?');
  await expect(confirm).toContainText('Classic');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(stat(page, 'Played')).toHaveText('1');
  await game.button('Reset statistics').click();
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(stat(page, 'Played')).toHaveText('0');
  await page.reload();
  await expect(stat(page, 'Played')).toHaveText('0');

  const input = page.getByTestId('import-file');
  await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{nope') });
  await expect(game.message).toContainText('Could not import');
  const later = {
    version: 2,
    presets: {
      classic: {
        reset_at_ms: 0,
        records: [{ id: 'imported', end: 'lost', elapsed_ms: 5000, moves: 9, score: -40, finished_at_ms: Date.now() + 60_000 }],
      },
    },
  };
  await input.setInputFiles({ name: 'stats.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(later)) });
  // Nothing changes before the player confirms (e2e/data-safety.spec.ts).
  await expect(game.dialog('Import statistics?')).toContainText('adds 1 round to Classic');
  await expect(stat(page, 'Lost')).toHaveText('0');
  await game.dialog('Import statistics?').getByRole('button', { name: 'Import' }).click();
  await expect(game.message).toContainText('Statistics imported');
  await expect(stat(page, 'Lost')).toHaveText('1');
  await page.reload();
  await expect(stat(page, 'Lost')).toHaveText('1');
});

test('par: End round only while a Par round is in progress', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await expect(game.button('End round')).toHaveCount(0);
  await game.open(1, 'par');
  await expect(game.button('End round')).toBeVisible();
  await game.button('End round').click();
  await expect(game.dialog('Round lost')).toBeVisible();
  await expect(game.button('End round')).toHaveCount(0);
  await expect(stat(page, 'Lost')).toHaveText('1');
});

test('a closed browser comes back to the same round', async ({}, testInfo) => {
  // A browser restart: a real profile directory on disk, closed and opened again.
  const profile = mkdtempSync(join(tmpdir(), 'pyramid-profile-'));
  const { launchOptions, baseURL, viewport } = testInfo.project.use;
  const open = async () => {
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport });
    const page = context.pages()[0] ?? (await context.newPage());
    return { context, game: new PyramidPage(page) };
  };
  try {
    let { context, game } = await open();
    await game.open(1, 'classic');
    const line = solveDeal(1, 'classic').moves.split(' ');
    await game.playLine(line.slice(0, 3).join(' '));
    await expect(game.moves).toHaveText('3');
    const cards = await game.page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    await context.close();

    ({ context, game } = await open());
    await game.page.goto('/');
    await game.dealt();
    await expect(game.moves).toHaveText('3');
    await expect(game.message).toContainText('Resuming deal 1');
    expect(await game.page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))).toEqual(cards);
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a resumed daily deal keeps its Daily label', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  await dialog.getByLabel(/^Daily deal/).check();
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByTestId('deal')).toContainText('Daily deal');
  await game.stock.click();
  await page.reload();
  await expect(game.message).toContainText('Resuming');
  await expect(game.moves).toHaveText('1');
  await expect(page.getByTestId('deal')).toContainText('Daily deal');
});
