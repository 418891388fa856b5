import { test, expect } from '@playwright/test';
import { PyramidPage } from './pyramid-page';

test('every shortcut', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await page.locator('h1').click();

  await page.keyboard.press('d');
  await expect(game.moves).toHaveText('1');
  await expect(game.stock).toHaveAttribute('aria-label', /23 cards/);
  await page.keyboard.press('u');
  await expect(game.moves).toHaveText('0');
  await page.keyboard.press('Control+Shift+Z');
  await expect(game.moves).toHaveText('1');
  await page.keyboard.press('Control+z');
  await expect(game.moves).toHaveText('0');
  await page.keyboard.press('Control+y');
  await expect(game.moves).toHaveText('1');
  await page.keyboard.press('Control+z');
  await expect(game.moves).toHaveText('0');

  await page.keyboard.press('h');
  await expect(page.locator('[data-hint="true"]').first()).toBeVisible();
  await page.keyboard.press('a');
  await expect(game.moves).toHaveText('1');
  await expect(page.locator('[data-hint="true"]')).toHaveCount(0);

  await page.keyboard.press('p');
  await expect(game.pyramidCards().first()).toBeHidden();
  await expect(game.button('Pause')).toHaveAttribute('aria-pressed', 'true');
  const frozen = await game.time.textContent();
  await page.waitForTimeout(1500);
  await expect(game.time).toHaveText(frozen!);
  await page.keyboard.press('d'); // ignored while paused
  await expect(game.moves).toHaveText('1');
  await page.keyboard.press('p');
  await game.dealt();

  // Enter and Space on focused cards select and pair; Esc cancels.
  await game.card('9S').focus();
  await page.keyboard.press('Enter');
  await expect(game.card('9S')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(game.card('9S')).toHaveAttribute('aria-pressed', 'false');

  // Arrow keys move between available cards and the stock.
  await game.card('9S').focus();
  await page.keyboard.press('ArrowRight');
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-card'));
  expect(focused).not.toBe('9S');
  expect(focused).toBeTruthy();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  const zone = await page.evaluate(() => document.activeElement?.getAttribute('data-zone'));
  expect(['stock', 'waste', 'pyramid']).toContain(zone);

  // The pyramid is one tab stop.
  const tabStops = await page.locator('[data-zone="pyramid"][tabindex="0"]').count();
  expect(tabStops).toBe(1);

  // ? lists the shortcuts; Esc closes the sheet.
  await page.keyboard.press('?');
  await expect(game.dialog('Keyboard shortcuts')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(game.dialog('Keyboard shortcuts')).toBeHidden();

  // N opens the new-deal dialog; typing in its number field fires no shortcut.
  await page.keyboard.press('n');
  const dialog = game.dialog('New deal');
  await expect(dialog).toBeVisible();
  const movesBefore = await game.moves.textContent();
  await dialog.getByRole('textbox', { name: 'Deal number' }).fill('');
  await dialog.getByRole('textbox', { name: 'Deal number' }).pressSequentially('dhapu');
  await expect(game.moves).toHaveText(movesBefore!);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(game.moves).toHaveText(movesBefore!);
});

test('the clock runs, and stops while the page is hidden', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(3, 'classic');
  await expect(game.time).not.toHaveText('0:00', { timeout: 5000 });
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const frozen = await game.time.textContent();
  await page.waitForTimeout(2200);
  await expect(game.time).toHaveText(frozen!);
});

test('a pair made from the keyboard leaves the focus on the table', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await game.card('5C').focus();
  await page.keyboard.press('Enter');
  await game.card('8C').focus();
  await page.keyboard.press('Enter');
  await expect(game.moves).toHaveText('1');
  await expect(game.card('8C')).toHaveCount(0);
  // Not back to the page: to the card that holds the pyramid's tab stop.
  await expect(page.locator('[data-zone="pyramid"][tabindex="0"]')).toBeFocused();
  // Tab leaves the pyramid and Shift+Tab comes back to the same card. (The
  // next control after the pyramid, the statistics' first button, comes with
  // the later module: without it, Tab would leave the page.)
  await expect(page.locator('.stats-actions')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('[data-zone="pyramid"][tabindex="0"]')).toBeFocused();
});

test('a mouse press on a card does not move the focus onto it, nor leave it on a toolbar button', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  // A toolbar button pressed with the mouse keeps the focus, as buttons do.
  await game.button('Hint').click();
  await expect(game.button('Hint')).toBeFocused();
  await expect(page.locator('[data-hint="true"]').first()).toBeVisible();
  // A card pressed with the mouse is selected but not focused (it may leave
  // the page with the click), and the Hint button lets go of the focus, so
  // Space cannot ask for a hint again by surprise.
  await game.card('5C').click();
  await expect(game.card('5C')).toHaveAttribute('aria-pressed', 'true');
  await expect(game.card('5C')).not.toBeFocused();
  await expect(game.button('Hint')).not.toBeFocused();
  await game.card('8C').click();
  await expect(game.moves).toHaveText('1');
  // The keyboard still reaches the cards from the page.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveCount(1);
});
