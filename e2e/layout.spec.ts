import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PyramidPage, solveDeal } from './pyramid-page';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const width of [360, 1920]) {
  test(`no horizontal overflow at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 1080 });
    const game = new PyramidPage(page);
    await game.open(1, 'traditional');
    for (let i = 0; i < 3; i++) await game.stock.click();
    expect(await game.hasHorizontalOverflow()).toBe(false);
    const box = (await game.pyramidCards().last().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const shot = await page.screenshot({ path: testInfo.outputPath(`viewport-${width}.png`), fullPage: true });
    await testInfo.attach(`viewport-${width}`, { body: shot, contentType: 'image/png' });
  });
}

test('a phone: the pyramid fills the width, cards are touch-sized, the toolbar is one row', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const boxes = await game.pyramidCards().evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height, covered: e.getAttribute('aria-disabled') === 'true' };
    }),
  );
  const left = Math.min(...boxes.map((b) => b.x));
  const right = Math.max(...boxes.map((b) => b.x + b.w));
  expect(right - left).toBeGreaterThanOrEqual(0.9 * 360);
  for (const b of boxes.filter((b) => !b.covered)) {
    expect(b.w).toBeGreaterThanOrEqual(44);
    expect(b.h).toBeGreaterThanOrEqual(44);
  }
  // The whole pyramid is on the first screen.
  expect(Math.max(...boxes.map((b) => b.y + b.h))).toBeLessThanOrEqual(740);
  // One row of actions; the rest behind More, reachable by keyboard.
  const tops = await page
    .locator('.toolbar > button')
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await expect(game.button('Where did I lose?')).toBeHidden();
  const more = game.button('More');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(game.button('Where did I lose?')).toBeVisible();
  await expect(game.button('Show me a win')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(game.button('Where did I lose?')).toBeHidden();
  await expect(more).toBeFocused();
});

// Giza adds eight fanned reserve piles above the pyramid: the cards shrink
// to keep every one of the 52 on the first screen, the tops still touch-sized.
test('a phone plays Giza: all 52 cards on the first screen, the available ones touch-sized', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const game = new PyramidPage(page);
  await game.open(1, 'giza');
  const boxes = await page.locator('.app [data-card]').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height, covered: e.getAttribute('aria-disabled') === 'true' };
    }),
  );
  expect(boxes).toHaveLength(52);
  expect(await game.hasHorizontalOverflow()).toBe(false);
  for (const b of boxes) {
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.w).toBeLessThanOrEqual(360);
    expect(b.y + b.h).toBeLessThanOrEqual(740);
  }
  for (const b of boxes.filter((b) => !b.covered)) {
    expect(b.w).toBeGreaterThanOrEqual(44);
    expect(b.h).toBeGreaterThanOrEqual(44);
  }
});

// A phone on its side: the stock and its piles beside the pyramid, one row
// of actions, and every card of the table on the first screen, in each
// layout of the family (one waste, three wastes, the three-card fan,
// Giza's reserve).
for (const [width, height] of [[740, 360], [844, 390]]) {
  test(`a phone on its side (${width}x${height}): the whole table on the first screen`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const game = new PyramidPage(page);
    for (const rules of ['classic', 'apophis', 'kingtut', 'giza']) {
      await game.open(1, rules);
      if (rules === 'kingtut') for (let i = 0; i < 2; i++) await game.stock.click();
      const boxes = await page.locator('.app [data-card], .app .stock-waste > :not([hidden])').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { x: r.x, y: r.y, w: r.width, h: r.height, zone: e.getAttribute('data-zone') };
        }),
      );
      expect(await game.hasHorizontalOverflow(), rules).toBe(false);
      for (const b of boxes) {
        expect(b.x, rules).toBeGreaterThanOrEqual(0);
        expect(b.x + b.w, rules).toBeLessThanOrEqual(width);
        expect(b.y + b.h, rules).toBeLessThanOrEqual(height);
        expect(Math.min(b.w, b.h), rules).toBeGreaterThanOrEqual(44);
      }
      const pyramid = boxes.filter((b) => b.zone === 'pyramid');
      const others = boxes.filter((b) => b.zone !== 'pyramid');
      const pyramidLeft = Math.min(...pyramid.map((b) => b.x));
      for (const b of others) expect(b.x + b.w, rules).toBeLessThanOrEqual(pyramidLeft + 1);
      const tops = await page
        .locator('.app .toolbar > button')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(tops).size, rules).toBe(1);
    }
  });
}

// Laptops and desktops: the toolbar wraps to a second row on most of
// them, and the cards are sized for that, so the whole table is on the
// first screen in each layout of the family.
test('laptops and desktops: the whole table on the first screen, in every layout', async ({ page }) => {
  test.setTimeout(240_000);
  const game = new PyramidPage(page);
  const sizes = [[800, 600], [1024, 768], [1280, 720], [1280, 800], [1366, 768], [1440, 900], [1536, 864], [1680, 1050], [1920, 1080]];
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    for (const rules of ['classic', 'apophis', 'kingtut', 'giza']) {
      await game.open(1, rules);
      if (rules === 'kingtut') for (let i = 0; i < 2; i++) await game.stock.click();
      for (const large of [false, true]) {
        await page.evaluate((on) => document.documentElement.classList.toggle('large-cards', on), large);
        const bottom = await page
          .locator('.app [data-card], .app .stock-waste > :not([hidden])')
          .evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().bottom)));
        const what = `${rules}${large ? ' with large cards' : ''} at ${width}x${height}`;
        expect(bottom, what).toBeLessThanOrEqual(height);
        expect(await game.hasHorizontalOverflow(), what).toBe(false);
      }
    }
  }
});

// Large cards spread the pyramid's rows (and deepen Giza's fans): the cards
// are sized so the whole table still fits the first screen.
test('large cards: the whole table on the first screen at 360, 768 and 1920 px, in Classic and Giza', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await page.evaluate(() => localStorage.setItem('pyramid.settings', JSON.stringify({ version: 1, large_cards: true })));
  for (const [width, height] of [[360, 740], [768, 1024], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    for (const rules of ['classic', 'giza']) {
      await game.open(1, rules);
      await expect(page.locator('html')).toHaveClass(/large-cards/);
      const boxes = await page.locator('.app [data-card]').evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { x: r.x, y: r.y, w: r.width, h: r.height };
        }),
      );
      for (const b of boxes) {
        expect(b.x + b.w, `${rules} ${width}`).toBeLessThanOrEqual(width);
        expect(b.y + b.h, `${rules} ${width}`).toBeLessThanOrEqual(height);
      }
    }
  }
  // Giza's covered reserve cards show their suit beside the rank, above
  // the card lying on them.
  await page.setViewportSize({ width: 360, height: 740 });
  await game.open(1, 'giza');
  const covered = page.locator('.app [data-zone="reserve"][aria-disabled="true"]').first();
  const suit = (await covered.locator('.corner.top .suit').boundingBox())!;
  const next = (await page.locator('.app .reserve-pile').first().locator('[data-card]').nth(1).boundingBox())!;
  expect(suit.y + suit.height).toBeLessThanOrEqual(next.y + 1);
});

test('a wide screen: the table scales up and the statistics sit beside it', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const box = (await game.pyramidCards().last().boundingBox())!;
  // Bottom-row cards well over the old 6.5rem cap, and nothing below the fold.
  expect(box.width).toBeGreaterThan(110);
  expect(box.y + box.height).toBeLessThanOrEqual(1080);
  const stats = (await page.getByTestId('stats').boundingBox())!;
  expect(stats.y + stats.height).toBeLessThanOrEqual(1080);
  expect(stats.x).toBeGreaterThan(box.x + box.width);
});

test('no serious or critical axe violations on start, mid-game and end screens', async ({ page }) => {
  // Axe over four screens: minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  expect(await seriousViolations(page)).toEqual([]);
  const line = solveDeal(1, 'classic').moves.split(' ');
  await game.playLine(line.slice(0, 10).join(' '));
  await page.locator('[data-zone="pyramid"]:not([aria-disabled="true"])').first().click();
  expect(await seriousViolations(page)).toEqual([]);
  await game.button('New deal').click();
  expect(await seriousViolations(page)).toEqual([]);
  // Deal 1 again from the start (opening the same link would resume the saved round).
  const newDeal = game.dialog('New deal');
  await newDeal.getByRole('textbox', { name: 'Deal number' }).fill('1');
  await newDeal.getByRole('button', { name: 'Deal' }).click();
  await expect(game.moves).toHaveText('0');
  await game.playLine(line.join(' '));
  await expect(game.dialog('You won!')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
