import { test, expect, type Page } from '@playwright/test';
import { PyramidPage, solveDeal } from './pyramid-page';

test.use({ reducedMotion: 'no-preference' });

const running = (page: Page) => page.evaluate(() => document.getAnimations().length);
const ghosts = (page: Page) => page.locator('.ghost');

test('a removed pair travels to the discard pile, which counts it', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const discard = page.locator('[data-zone="discard"]');
  await expect(discard).toHaveAttribute('aria-label', 'Discard pile: 0 cards');
  await game.card('5C').click();
  await game.card('8C').click();
  // The cards are gone from play at once; copies with no name fly.
  await expect(game.card('5C')).toHaveCount(0);
  await expect(discard).toHaveAttribute('aria-label', 'Discard pile: 2 cards');
  await expect(discard).not.toHaveAttribute('data-card');
  // The copies land and go.
  await expect(ghosts(page)).toHaveCount(0);
  // Undo brings the cards back from the pile.
  await game.button('Undo').click();
  await expect(game.card('5C')).toHaveCount(1);
  await expect(discard).toHaveAttribute('aria-label', 'Discard pile: 0 cards');
});

test('a move made during an animation lands in the right state', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  // Two moves as fast as the page takes them: the second starts while the
  // first one's cards are still flying.
  await page.evaluate(() => {
    (document.querySelector('[data-card="5C"]') as HTMLElement).click();
    (document.querySelector('[data-card="8C"]') as HTMLElement).click();
  });
  await page.evaluate(() => (document.querySelector('[data-zone="stock"]') as HTMLElement).click());
  await expect(game.moves).toHaveText('2');
  await expect(game.card('5C')).toHaveCount(0);
  await expect(game.stock).toHaveAttribute('aria-label', /23 cards/);
  // Only the latest move's animations are left, then none.
  expect(await ghosts(page).count()).toBeLessThanOrEqual(1);
  await expect.poll(() => running(page)).toBe(0);
});

test('a move made before the last one is shown leaves no ghost behind', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  // A pair, then a draw once the page has taken the pair out of the
  // document but before the next frame, in which the pair would be shown
  // flying: the draw ends every animation, so the pair's ghosts are never
  // made (they would fly on after the draw), and the draw makes none.
  const seen = await page.evaluate(async () => {
    (document.querySelector('[data-card="5C"]') as HTMLElement).click();
    (document.querySelector('[data-card="8C"]') as HTMLElement).click();
    let frames = 0;
    requestAnimationFrame(() => frames++);
    for (let i = 0; i < 100 && document.querySelector('[data-card="5C"]'); i++) await Promise.resolve();
    const pairGoneFirst = !document.querySelector('[data-card="5C"]') && frames === 0;
    (document.querySelector('[data-zone="stock"]') as HTMLElement).click();
    // Two frames on: both changes' frames have come, no flight has ended.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return { pairGoneFirst, ghosts: document.querySelectorAll('.ghost').length };
  });
  expect(seen.pairGoneFirst).toBe(true);
  expect(seen.ghosts).toBe(0);
  await expect(game.moves).toHaveText('2');
  await expect.poll(() => running(page)).toBe(0);
});

test('a new deal flies in, and any key skips to the end', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  // The cards come on screen a few at a time, in row order, each sliding
  // from the stock. Watched from inside the page, frame by frame: the
  // pyramid as it is when the first cards are seen flying.
  const firstFlight = () =>
    page.evaluate(
      () =>
        new Promise<{ onScreen: number; delays: number[] }>((resolve) => {
          const look = () => {
            const delays = document
              .getAnimations()
              .filter((a) => a.id === 'slide')
              .map((a) => Number(a.effect!.getTiming().delay));
            if (delays.length > 0) {
              resolve({ onScreen: document.querySelectorAll('[data-zone="pyramid"]').length, delays });
            } else {
              requestAnimationFrame(look);
            }
          };
          requestAnimationFrame(look);
        }),
    );
  const deal = async () => {
    await game.button('New deal').click();
    const flight = firstFlight();
    await game.dialog('New deal').getByRole('button', { name: 'Deal' }).click();
    return flight;
  };
  const first = await deal();
  // When the first cards fly, the last are not there yet.
  expect(first.onScreen, JSON.stringify(first)).toBeLessThan(28);
  // Within a step, a short stagger: a card leaves the stock every 24 ms.
  expect(first.delays.every((d) => d % 24 === 0 && d < 7 * 24), JSON.stringify(first)).toBe(true);
  // All 28 are dealt (in about a second; a busy machine may take longer).
  await expect(page.locator('.card.dealt')).toHaveCount(28, { timeout: 5_000 });
  await expect.poll(() => running(page), { timeout: 5_000 }).toBe(0);
  // Any key ends a deal-in at once: every card stands in its slot.
  const second = await deal();
  expect(second.onScreen, JSON.stringify(second)).toBeLessThan(28);
  await page.keyboard.press('Shift');
  await expect(game.pyramidCards()).toHaveCount(28);
  expect(await running(page)).toBe(0);
});

test('a pair that is not thirteen shakes and says why', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  // 9♠ and 5♣ make 14: dragged together, they shake.
  const from = (await game.card('9S').boundingBox())!;
  const to = (await game.card('5C').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(game.card('9S')).toHaveClass(/shake/);
  await expect(game.message).toContainText('13');
  await expect(game.moves).toHaveText('0');
});

test('a win celebrates until the next input', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const line = solveDeal(1, 'classic').moves.split(' ');
  // All but the last move without motion (quicker), the winning one with it.
  await page.evaluate(() => document.documentElement.setAttribute('data-motion', 'off'));
  await game.playLine(line.slice(0, -1).join(' '));
  await page.evaluate(() => document.documentElement.removeAttribute('data-motion'));
  await game.play(line[line.length - 1]);
  await expect(game.dialog('You won!')).toBeVisible();
  await expect(page.locator('.confetti').first()).toBeAttached();
  await page.keyboard.press('Shift');
  await expect(page.locator('.confetti')).toHaveCount(0);
});

for (const how of ['system', 'setting'] as const) {
  test(`reduced motion (${how}): no animation runs after a move`, async ({ browser }) => {
    const context = await browser.newContext(how === 'system' ? { reducedMotion: 'reduce' } : {});
    const page = await context.newPage();
    const game = new PyramidPage(page);
    await game.open(1, 'classic');
    if (how === 'setting') {
      await page.evaluate(() => document.documentElement.setAttribute('data-motion', 'off'));
    }
    await game.card('5C').click();
    await game.card('8C').click();
    await game.stock.click();
    await expect(game.moves).toHaveText('2');
    expect(await ghosts(page).count()).toBe(0);
    expect(await running(page)).toBe(0);
    await game.button('Hint').click();
    await expect(page.locator('[data-hint="true"]').first()).toBeAttached();
    expect(await running(page)).toBe(0);
    await context.close();
  });
}
