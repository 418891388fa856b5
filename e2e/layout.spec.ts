import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PyramidPage, solveDeal } from './pyramid-page';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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

test('no serious or critical axe violations on start, mid-game and end screens', async ({ page }) => {
  test.setTimeout(120_000);
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
