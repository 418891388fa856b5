// Two tabs never lose a round: each tab plays its own round, a reload
// resumes that tab's round, a new tab resumes a round no open tab plays,
// a round is abandoned only by the player in its own tab, and every
// finished round is counted exactly once. Pages of one browser context
// share localStorage and Web Locks, as tabs of one browser do.
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { PyramidPage, solveDeal, stat } from './pyramid-page';

async function roundId(game: PyramidPage): Promise<string> {
  return (await game.page.locator('.app').getAttribute('data-round'))!;
}

async function newTab(context: BrowserContext): Promise<PyramidPage> {
  return new PyramidPage(await context.newPage());
}

/** The records in storage, as `id:end`. */
async function records(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => localStorage.getItem('pyramid.stats'));
  const book = JSON.parse(text ?? '{"presets":{}}');
  return Object.values(book.presets)
    .flatMap((p: any) => p.records.map((r: any) => `${r.id}:${r.end}`))
    .sort();
}

test('B is mid-round, A reloads with ?deal=7, B wins: the win counts in both tabs', async ({ context }) => {
  const a = await newTab(context);
  const b = await newTab(context);
  await a.open(1, 'classic');
  await a.stock.click();
  await expect(a.moves).toHaveText('1');
  const line = solveDeal(2, 'classic').moves.split(' ');
  await b.open(2, 'classic');
  await b.playLine(line.slice(0, 3).join(' '));
  const bRound = await roundId(b);

  // A leaves its own started round for deal 7: that, and only that, is abandoned.
  await a.open(7, 'classic');
  await expect(a.moves).toHaveText('0');
  await expect(stat(a.page, 'Abandoned')).toHaveText('1');
  expect(await roundId(b)).toBe(bRound);

  // B plays on and wins; it was never recorded as abandoned.
  for (const [i, move] of line.slice(3).entries()) {
    await b.play(move);
    await expect(b.moves).toHaveText(String(i + 4));
  }
  await expect(b.dialog('You won!')).toBeVisible();
  for (const tab of [a, b]) {
    await expect(stat(tab.page, 'Won')).toHaveText('1');
    await expect(stat(tab.page, 'Played')).toHaveText('2');
  }
  const stored = await records(a.page);
  expect(stored).toHaveLength(2);
  expect(stored).toContain(`${bRound}:won`);
  // Reloading either tab counts nothing again.
  await b.page.reload();
  await a.page.reload();
  await expect(b.dialog('You won!')).toBeVisible();
  for (const tab of [a, b]) {
    await expect(stat(tab.page, 'Played')).toHaveText('2');
  }
  expect(await records(b.page)).toEqual(stored);
});

test('reloading a tab resumes the round that tab was playing', async ({ context }) => {
  const a = await newTab(context);
  const b = await newTab(context);
  await a.open(11, 'classic');
  await a.stock.click();
  await b.open(12, 'hard');
  await b.stock.click();
  await b.stock.click();
  const [aRound, bRound] = [await roundId(a), await roundId(b)];
  // B saved last, yet A's reload brings back A's round, and B's brings B's.
  await a.page.reload();
  await a.dealt();
  expect(await roundId(a)).toBe(aRound);
  await expect(a.page.getByTestId('deal')).toContainText('11');
  await expect(a.moves).toHaveText('1');
  await b.page.reload();
  await b.dealt();
  expect(await roundId(b)).toBe(bRound);
  await expect(b.page.getByTestId('deal')).toContainText('Hard');
  await expect(b.moves).toHaveText('2');
  // A plain address (no ?deal) in the same tab still resumes its own round.
  await a.page.goto('/');
  await a.dealt();
  expect(await roundId(a)).toBe(aRound);
});

test('a new tab resumes the latest round no open tab plays, or deals a new one', async ({ context }) => {
  const a = await newTab(context);
  await a.open(21, 'classic');
  await a.stock.click();
  const b = await newTab(context);
  await b.open(22, 'classic');
  await b.stock.click();
  await b.stock.click();
  const bRound = await roundId(b);
  await b.page.close();

  // C: B's round is free again (B closed); A's is taken.
  const c = await newTab(context);
  await c.page.goto('/');
  await c.dealt();
  expect(await roundId(c)).toBe(bRound);
  await expect(c.moves).toHaveText('2');
  await expect(c.message).toContainText('Resuming deal 22');

  // D: every saved round is open elsewhere, so D deals afresh.
  const d = await newTab(context);
  await d.page.goto('/');
  await d.dealt();
  const dRound = await roundId(d);
  expect([await roundId(a), bRound]).not.toContain(dRound);
  await expect(d.moves).toHaveText('0');
  // Nothing was recorded: no player left a round.
  expect(await records(d.page)).toEqual([]);
});

test('a duplicated tab does not take over the original tab\'s round', async ({ context }) => {
  const a = await newTab(context);
  await a.open(31, 'classic');
  await a.stock.click();
  const aRound = await roundId(a);
  // A duplicate starts with a copy of the original's sessionStorage.
  const copy = await newTab(context);
  await copy.page.addInitScript((id) => {
    if (!sessionStorage.getItem('pyramid.tab.round')) {
      sessionStorage.setItem('pyramid.tab.round', JSON.stringify(id));
    }
  }, aRound);
  await copy.page.goto('/');
  await copy.dealt();
  expect(await roundId(copy)).not.toBe(aRound);
  expect(await roundId(a)).toBe(aRound);
  await a.stock.click();
  await expect(a.moves).toHaveText('2');
});

test('the clock ticks without touching the pyramid or the stock', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(41, 'classic');
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  const before = (await game.time.textContent())!;
  const mutations = await page.evaluate(async () => {
    let count = 0;
    const observer = new MutationObserver((list) => {
      count += list.length;
    });
    // The table holds the stock, draw slot, waste and pyramid.
    const table = document.querySelector('section.table')!;
    observer.observe(table, { subtree: true, childList: true, attributes: true, characterData: true });
    const cards = table.querySelectorAll('[data-card]').length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    observer.disconnect();
    return { count, cards };
  });
  expect(mutations.cards).toBeGreaterThan(20);
  expect(mutations.count).toBe(0);
  // The clock did run meanwhile.
  await expect(game.time).not.toHaveText(before);
});
