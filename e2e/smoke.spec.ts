import { test, expect } from '@playwright/test';
import { PyramidPage, solveDeal } from './pyramid-page';

test('first page: the 28 cards of ?deal=N are the first 28 the CLI prints', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));

  const game = new PyramidPage(page);
  for (const deal of [1, 1234]) {
    await game.open(deal, 'classic');
    await expect(page).toHaveTitle('Pyramid Solitaire');
    const expected = solveDeal(deal).cards.split(' ').slice(0, 28);
    expect(await game.pyramidCodes()).toEqual(expected);
  }

  // SPEC §7 attributes.
  const apex = game.pyramidCards().first();
  await expect(apex).toHaveAttribute('data-row', '0');
  await expect(apex).toHaveAttribute('data-col', '0');
  await expect(apex).toHaveAttribute('aria-disabled', 'true');
  const bottom = page.locator('[data-zone="pyramid"][data-row="6"]');
  await expect(bottom).toHaveCount(7);
  for (const el of await bottom.all()) {
    await expect(el).not.toHaveAttribute('aria-disabled', 'true');
    await expect(el).toHaveAttribute('aria-label', /^(A|[2-9]|10|J|Q|K)[♣♦♥♠], (ace|[2-9]|10|jack|queen|king) of (clubs|diamonds|hearts|spades)$/);
  }
  await expect(game.stock).toHaveAttribute('aria-label', /24 cards/);
  await expect(game.moves).toHaveText('0');
  await expect(game.pass).toHaveText('Pass 1 of 3');
  await expect(game.score).toHaveText('-52');
  await expect(game.time).toHaveText(/^\d+:\d\d$/);
  for (const name of ['Draw', 'Hint', 'Auto move', 'Undo', 'Redo', 'New deal', 'Pause']) {
    await expect(game.button(name)).toBeVisible();
  }

  await page.screenshot({ path: testInfo.outputPath('smoke.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('a bad link gets a clear message and a normal deal', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(undefined, undefined, '?deal=abc&rules=klondike');
  await expect(game.message).toContainText('not a deal number');
  await expect(game.message).toContainText('not a rule set');
  await expect(game.pyramidCards()).toHaveCount(28);
  await expect(game.pass).toHaveText('Pass 1 of 3');
  // The address now names the deal on screen, so a reload keeps it.
  await expect(page).toHaveURL(/\?deal=\d+&rules=classic$/);
  const deal = new URL(page.url()).searchParams.get('deal');
  await expect(page.getByTestId('deal')).toContainText(`Deal ${deal} `);
});

test('rules from the link in any case', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(undefined, undefined, '?deal=9&rules=HARD');
  await expect(page.getByTestId('deal')).toContainText('Hard');
  await expect(page).toHaveURL(/\?deal=9&rules=hard$/);
});

test('rules from the link: relaxed shows unlimited passes', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(5, 'relaxed');
  await expect(game.pass).toHaveText('Pass 1 of ∞');
});
