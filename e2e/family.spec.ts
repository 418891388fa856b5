// The table plays every game of the family: Giza's reserve, Apophis's three
// wastes, three cards a turn, Cheops's pairs and overlap pairs.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PyramidPage, solveDeal } from './pyramid-page';

/** A deal of each game that the solver wins quickly. */
const GAMES = [
  { rules: 'giza', deal: 1 },
  { rules: 'kingtut', deal: 1 },
  { rules: 'apophis', deal: 2 },
  { rules: 'cheops', deal: 4 },
  { rules: 'custom-1-1-drawcard-pyramid-overlap', deal: 21 },
];
const OVERLAP = 'custom-1-1-drawcard-pyramid-overlap';

for (const { rules, deal } of GAMES) {
  test(`${rules}: the solver's line, played by clicks, wins deal ${deal}`, async ({ page }) => {
    test.setTimeout(180_000);
    const game = new PyramidPage(page);
    await game.open(deal, rules);
    const solved = solveDeal(deal, rules);
    expect(solved.result).toBe('win');
    await game.playLine(solved.moves);
    await expect(game.dialog('You won!')).toBeVisible();
  });
}

const cardAttrs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((e) => ({
      card: e.getAttribute('data-card')!,
      pile: e.getAttribute('data-pile'),
      disabled: e.getAttribute('aria-disabled') === 'true',
    })),
  );

test('giza: eight reserve piles of three, only their tops available, and no stock to draw', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'giza');
  await expect(game.stock).toBeHidden();
  await expect(page.locator('[data-zone="waste"], [data-zone="draw"]')).toHaveCount(0);
  // Nor a stock's counters: no stock left, no passes.
  await expect(page.getByTestId('stock')).toBeHidden();
  await expect(game.pass).toBeHidden();
  const reserve = await cardAttrs(page, '[data-zone="reserve"]');
  expect(reserve).toHaveLength(24);
  for (let j = 0; j < 8; j++) {
    const pile = reserve.filter((c) => c.pile === String(j));
    expect(pile.map((c) => c.disabled)).toEqual([true, true, false]);
  }
  // Draw is off; the key says why.
  await expect(game.button('Draw')).toBeDisabled();
  await page.keyboard.press('d');
  await expect(game.message).toHaveText('This game has no stock');
  await expect(game.moves).toHaveText('0');
  // A covered reserve card names the card on it.
  const under = reserve.filter((c) => c.pile === '0');
  await game.card(under[1].card).click({ force: true, position: { x: 12, y: 6 } });
  await expect(game.message).toContainText(' is covered by ');
  // The hint from the deal is the solver's first move, which pairs a
  // reserve card (on top of its pile) with a pyramid card: both are
  // marked, and Auto move plays it.
  const line = solveDeal(1, 'giza').moves.split(' ');
  const [a, b] = line[0].split('+');
  const zones = [await game.card(a).getAttribute('data-zone'), await game.card(b).getAttribute('data-zone')];
  expect(zones.sort()).toEqual(['pyramid', 'reserve']);
  await game.button('Hint').click();
  await expect(game.card(a)).toHaveAttribute('data-hint', 'true');
  await expect(game.card(b)).toHaveAttribute('data-hint', 'true');
  await game.action('Auto move');
  await expect(game.moves).toHaveText('1');
  await expect(game.card(a)).toHaveCount(0);
  await expect(game.card(b)).toHaveCount(0);
  // Undo and redo work.
  await game.button('Undo').click();
  await expect(game.moves).toHaveText('0');
  await expect(page.locator('[data-zone="reserve"]')).toHaveCount(24);
  await game.button('Redo').click();
  await expect(game.moves).toHaveText('1');
  await game.play(line[1]);
  await expect(game.moves).toHaveText('2');
});

test('giza: a reserve card dragged onto its partner in the pyramid pairs with it', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'giza');
  const line = solveDeal(1, 'giza').moves.split(' ');
  // The solver's first move pairs a reserve card with a pyramid card.
  const [a, b] = line[0].split('+');
  const fromReserve = (await game.card(a).getAttribute('data-zone')) === 'reserve';
  const [card, partner] = fromReserve ? [a, b] : [b, a];
  await expect(game.card(card)).toHaveAttribute('data-zone', 'reserve');
  await expect(game.card(partner)).toHaveAttribute('data-zone', 'pyramid');
  const centre = async (code: string) => {
    const box = (await game.card(code).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const from = await centre(card);
  const to = await centre(partner);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(game.moves).toHaveText('1');
  await expect(game.card(card)).toHaveCount(0);
  await expect(game.card(partner)).toHaveCount(0);
});

test('apophis: a draw deals one card onto each of three wastes, each top available', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(2, 'apophis');
  await expect(page.locator('[data-zone="waste"]')).toHaveCount(0);
  await game.stock.click();
  await expect(game.stock).toHaveAttribute('aria-label', 'Stock: 21 cards');
  const waste = await cardAttrs(page, '[data-zone="waste"]');
  expect(waste.map((c) => [c.pile, c.disabled])).toEqual([
    ['0', false],
    ['1', false],
    ['2', false],
  ]);
  await game.stock.click();
  await expect(page.locator('[data-zone="waste"]')).toHaveCount(3);
  await expect(page.locator('.waste-pile.stacked')).toHaveCount(3);
  await game.button('Undo').click();
  expect((await cardAttrs(page, '[data-zone="waste"]')).map((c) => c.card)).toEqual(waste.map((c) => c.card));
  // Highlight last move: a draw outlines the three piles it dealt onto.
  await game.action('Settings');
  await game.dialog('Settings').getByLabel('Highlight last move').check();
  await page.keyboard.press('Escape');
  await game.button('Redo').click();
  await expect(page.locator('.waste-pile.last-move')).toHaveCount(3);
});

test('king tut: the waste shows its top three cards fanned, only the top one available', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'kingtut');
  await game.stock.click();
  await expect(game.stock).toHaveAttribute('aria-label', 'Stock: 21 cards');
  const waste = await cardAttrs(page, '[data-zone="waste"]');
  expect(waste.map((c) => c.disabled)).toEqual([true, true, false]);
  const boxes = await page
    .locator('[data-zone="waste"]')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
  expect(boxes[0]).toBeLessThan(boxes[1]);
  expect(boxes[1]).toBeLessThan(boxes[2]);
  await game.stock.click();
  await expect(page.locator('[data-zone="waste"]')).toHaveCount(3);
  await expect(page.locator('.waste-pile.stacked')).toHaveCount(1);
});

test('cheops: a King is selected like any card, and a pair of ranks two apart is refused in the engine\'s words', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(4, 'cheops');
  // Deal 4's bottom row holds the King of clubs.
  await game.card('KC').click();
  await expect(game.card('KC')).toHaveAttribute('aria-pressed', 'true');
  await expect(game.message).toHaveText('King of clubs selected');
  await expect(game.moves).toHaveText('0');
  await game.card('KC').click();
  // Two cards of ranks two apart: the engine's words for it.
  const open = await cardAttrs(page, '[data-card]:not([aria-disabled="true"])');
  const rank = (c: string) => 'A23456789TJQK'.indexOf(c[0]);
  const far = open.flatMap((a) => open.filter((b) => Math.abs(rank(a.card) - rank(b.card)) > 1).map((b) => [a.card, b.card]));
  expect(far.length).toBeGreaterThan(0);
  await game.card(far[0][0]).click();
  await game.card(far[0][1]).click();
  await expect(game.message).toContainText('are not of equal or adjacent rank');
  await expect(game.message).toContainText('selected');
  await expect(game.moves).toHaveText('0');
});

test('overlap pairs: a card under one exposed card pairs with it, by tap and by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  const game = new PyramidPage(page);
  await game.open(21, OVERLAP);
  const line = solveDeal(21, OVERLAP).moves.split(' ');
  const cards = solveDeal(21, OVERLAP).cards.split(' ');
  const pyramid = (c: string) => cards.indexOf(c) < 28 && cards.indexOf(c) >= 0;
  // The line's overlap pairs: both cards in the pyramid, one lying on the other.
  const overlaps = line.filter((m) => {
    const [a, b] = m.split('+');
    return b !== undefined && pyramid(a) && pyramid(b);
  });
  expect(overlaps.length).toBeGreaterThan(1);
  let byKey = false;
  for (const [i, move] of line.entries()) {
    const [a, b] = move.split('+');
    if (b !== undefined && overlaps.includes(move)) {
      const row = async (c: string) => Number(await game.card(c).getAttribute('data-row'));
      const covered = (await row(a)) < (await row(b)) ? a : b;
      const on = covered === a ? b : a;
      await expect(game.card(covered)).not.toHaveAttribute('aria-disabled', 'true');
      if (!byKey) {
        // By keyboard: focus and Enter on each.
        await game.card(covered).focus();
        await page.keyboard.press('Enter');
        await expect(game.message).not.toContainText('is covered by');
        await expect(game.card(covered)).toHaveAttribute('aria-pressed', 'true');
        await game.card(on).focus();
        await page.keyboard.press('Enter');
        byKey = true;
      } else {
        await game.play(`${covered}+${on}`);
      }
    } else {
      await game.play(move);
    }
    await expect(game.moves).toHaveText(String(i + 1));
  }
  await expect(game.dialog('You won!')).toBeVisible();
});

/** The boxes of the cards on the table, and whether each is available. */
const boxes = (page: Page) =>
  page.locator('.app [data-card]').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return {
        card: e.getAttribute('data-card')!,
        zone: e.getAttribute('data-zone')!,
        pile: e.getAttribute('data-pile'),
        x: r.x,
        y: r.y,
        w: r.width,
        h: r.height,
        open: e.getAttribute('aria-disabled') !== 'true',
      };
    }),
  );
type Box = Awaited<ReturnType<typeof boxes>>[number];
const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > 1;

for (const { rules, deal } of [
  { rules: 'giza', deal: 1 },
  { rules: 'apophis', deal: 2 },
]) {
  test(`${rules} at 360 px: every card on the first screen, touch-sized tops, nothing overlapping`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const game = new PyramidPage(page);
    await game.open(deal, rules);
    if (rules === 'apophis') await game.stock.click();
    const all = await boxes(page);
    expect(all.length).toBe(rules === 'giza' ? 52 : 31);
    expect(await game.hasHorizontalOverflow()).toBe(false);
    for (const b of all) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(360);
      expect(b.y + b.h).toBeLessThanOrEqual(740);
      if (b.open) {
        expect(b.w).toBeGreaterThanOrEqual(44);
        expect(b.h).toBeGreaterThanOrEqual(44);
      }
    }
    // The piles' cards overlap no pyramid card, nor another pile's, and the
    // stock and discard pile stand clear of them.
    const piles = all.filter((b) => b.zone !== 'pyramid');
    const pyramid = all.filter((b) => b.zone === 'pyramid');
    for (const p of piles) {
      for (const q of pyramid) expect(overlap(p, q), `${p.card} on ${q.card}`).toBe(false);
      for (const q of piles) if (q.pile !== p.pile) expect(overlap(p, q), `${p.card} on ${q.card}`).toBe(false);
    }
    const fixed = await page.locator('[data-zone="stock"], [data-zone="discard"]').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { card: e.getAttribute('data-zone')!, zone: '', pile: '-', x: r.x, y: r.y, w: r.width, h: r.height, open: true };
      }),
    );
    for (const f of fixed) for (const b of all) expect(overlap(f, b), `${f.card} on ${b.card}`).toBe(false);
    const shot = await page.screenshot({ path: testInfo.outputPath(`${rules}-360.png`) });
    await testInfo.attach(`${rules}-360`, { body: shot, contentType: 'image/png' });
  });

  test(`${rules}: no serious or critical axe violations on the table`, async ({ page }) => {
    test.setTimeout(120_000);
    const game = new PyramidPage(page);
    await game.open(deal, rules);
    if (rules === 'apophis') await game.stock.click();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  });
}

test.describe('motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  /** Clicks the stock, and returns the cards that slide in the frame after. */
  const slidingAfterDraw = (page: Page) =>
    page.evaluate(async () => {
      (document.querySelector('[data-zone="stock"]') as HTMLElement).click();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return document
        .getAnimations()
        .filter((a) => a.id === 'slide')
        .map((a) => ((a.effect as KeyframeEffect).target as Element).getAttribute('data-card'))
        .sort();
    });

  for (const { rules, deal } of [
    { rules: 'apophis', deal: 2 },
    { rules: 'kingtut', deal: 1 },
  ]) {
    test(`${rules}: the cards a draw turns slide from the stock to their piles`, async ({ page }) => {
      const game = new PyramidPage(page);
      await game.open(deal, rules);
      // The deal-in first.
      await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
      const sliding = await slidingAfterDraw(page);
      const turned = (await cardAttrs(page, '[data-zone="waste"]')).map((c) => c.card).sort();
      expect(turned).toHaveLength(3);
      expect(sliding).toEqual(turned);
    });
  }

  test('giza: the deal flies in, and a removed reserve card flies to the discard pile', async ({ page }) => {
    const game = new PyramidPage(page);
    await game.open(1, 'giza');
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    const move = solveDeal(1, 'giza')
      .moves.split(' ')
      .find((m) => m.split('+').length === 2)!;
    // The ghosts, counted in the frame after the move (they land in 320 ms).
    const flying = await page.evaluate(async (cards) => {
      for (const c of cards) (document.querySelector(`[data-card="${c}"]`) as HTMLElement).click();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return document.querySelectorAll('.ghost').length;
    }, move.split('+'));
    expect(flying).toBe(2);
    await expect(page.locator('.ghost')).toHaveCount(0);
    await expect(page.locator('[data-zone="discard"]')).toHaveAttribute('aria-label', 'Discard pile: 2 cards');
  });
});

// Every game at a phone's, a tablet's and a desktop's width, a few moves
// in: no sideways scrolling, every card on the first screen (the
// screenshots are attached for a look).
const SIZES = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1920, height: 1080 },
];
for (const { rules, deal } of [...GAMES, { rules: 'custom-u-3-drawcard-all-no', deal: 1 }]) {
  test(`${rules}: the table fits at 360, 768 and 1920 px`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const game = new PyramidPage(page);
    const solved = solveDeal(deal, rules);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await game.open(deal, rules);
      if (size.width === 360) await game.playLine(solved.moves.split(' ').slice(0, 6).join(' '));
      expect(await game.hasHorizontalOverflow()).toBe(false);
      for (const b of await boxes(page)) {
        expect(b.x + b.w, b.card).toBeLessThanOrEqual(size.width);
        expect(b.y + b.h, b.card).toBeLessThanOrEqual(size.height);
      }
      const shot = await page.screenshot({ path: testInfo.outputPath(`${rules}-${size.width}.png`) });
      await testInfo.attach(`${rules}-${size.width}`, { body: shot, contentType: 'image/png' });
    }
  });
}
