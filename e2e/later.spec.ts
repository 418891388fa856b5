// The page's two wasm modules (src/ui/later.rs, scripts/wasm-split.mjs): the
// table comes in the first, and plays, before the second (the dialogs, the
// statistics panel's figures, charts and buttons, the banners, the solver's client)
// is even asked for; a fetch of the second that fails is tried again, and
// nothing is lost meanwhile.
import { test, expect, type Route } from '@playwright/test';
import { PyramidPage } from './pyramid-page';

const LATER = /\/later-[0-9a-f]+\.wasm$/;
const LATER_CSS = /\/later\.css$/;

test('the table plays before the later module is fetched, and its dialogs work once it is in', async ({ page }) => {
  const game = new PyramidPage(page);
  // Hold the later module back until the table has been played.
  let held: Route | undefined;
  let boardWhenAsked: boolean | undefined;
  let boardWhenStyled: boolean | undefined;
  await page.route(LATER_CSS, async (route) => {
    boardWhenStyled = await page.evaluate(() => document.querySelector('[data-zone="stock"]') !== null);
    await route.continue();
  });
  await page.route(LATER, async (route) => {
    boardWhenAsked = await page.evaluate(() => document.querySelector('[data-zone="stock"]') !== null);
    held = route;
  });
  await game.open(1, 'classic');
  await expect.poll(() => held !== undefined).toBe(true);
  expect(boardWhenAsked, 'the later module was asked for before the board was up').toBe(true);
  // Its styles come with it, not with the first load.
  await expect.poll(() => boardWhenStyled).toBe(true);

  // A draw, with nothing of the later module yet; the statistics panel's
  // heading is there, its figures and buttons not yet.
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  await expect(page.locator('#stats-heading')).toHaveText('Statistics: Classic');
  await expect(page.locator('.stats-panel dl')).toHaveCount(0);
  await expect(page.locator('.stats-actions')).toHaveCount(0);
  // A hint and a dialog asked for now come when the later module does.
  await game.button('Hint').click();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-hint="true"]')).toHaveCount(0);

  await held!.continue();
  await expect(game.dialog('Keyboard shortcuts')).toBeVisible();
  // The dialog has the later module's styles (a rounded box, not the
  // browser's plain one).
  expect(await game.dialog('Keyboard shortcuts').evaluate((d) => getComputedStyle(d).borderTopLeftRadius)).not.toBe('0px');
  await page.keyboard.press('Escape');
  await expect(game.dialog('Keyboard shortcuts')).toBeHidden();
  await expect(page.locator('.stats-panel dl')).toBeVisible();
  await expect(page.locator('.stats-actions')).toBeVisible();
  await expect(page.locator('[data-hint="true"]').first()).toBeVisible();
  await expect(game.moves).toHaveText('1');
});

test('a failed fetch of the later module is tried again', async ({ page }) => {
  const game = new PyramidPage(page);
  let tries = 0;
  await page.route(LATER, async (route) => {
    tries += 1;
    if (tries === 1) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await game.open(1, 'classic');
  await game.stock.click();
  await page.keyboard.press('?');
  await expect(game.dialog('Keyboard shortcuts')).toBeVisible({ timeout: 15_000 });
  expect(tries).toBe(2);
  await expect(game.moves).toHaveText('1');
});
