import { test, expect } from '@playwright/test';
import { PyramidPage, solveDeal } from './pyramid-page';

test('new-deal dialog: preset and deal number; the old round counts as abandoned', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await game.stock.click();
  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Hard/).check();
  await dialog.getByRole('textbox', { name: 'Deal number' }).fill('42');
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('deal')).toHaveText(/Deal 42 · Hard/);
  await expect(game.pass).toHaveText('Pass 1 of 1');
  expect(await game.pyramidCodes()).toEqual(solveDeal(42, 'hard').cards.split(' ').slice(0, 28));
  // Back to classic to see the abandoned round in its statistics.
  await game.button('New deal').click();
  await dialog.getByLabel(/^Classic/).check();
  await dialog.getByLabel('Random deal').check();
  await dialog.getByRole('button', { name: 'Deal' }).click();
  const stats = page.locator('.stats-panel');
  await expect(stats).toContainText('Statistics: Classic');
  await expect(stats.locator('div', { hasText: 'Abandoned' }).locator('dd')).toHaveText('1');
});

test('a bad deal number is refused inside the dialog', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  await dialog.getByRole('textbox', { name: 'Deal number' }).fill('0');
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Enter a deal number');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('daily deal and winnable deals are winnable', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  for (const [option, preset] of [
    ['Daily deal', 'Classic'],
    ['Winnable deals only', 'Medium'],
  ] as const) {
    await game.button('New deal').click();
    const dialog = game.dialog('New deal');
    await dialog.getByLabel(new RegExp(`^${preset}`)).check();
    await dialog.getByLabel(new RegExp(`^${option}`)).check();
    await dialog.getByRole('button', { name: 'Deal' }).click();
    await expect(dialog).toBeHidden();
    // The dialog closes before the deal is found (a winnable deal comes from
    // the solver's worker), so wait for the status bar to name the new deal.
    const expected =
      option === 'Daily deal' ? new RegExp(`^Daily deal \\d+ · ${preset}$`) : new RegExp(`^Deal \\d+ · ${preset}$`);
    const info = page.getByTestId('deal');
    await expect(info).toHaveText(expected);
    const number = Number(/(\d+)/.exec((await info.textContent())!)![1]);
    expect(solveDeal(number, preset.toLowerCase()).result).toBe('win');
  }
});
