import { test, expect } from '@playwright/test';
import { PyramidPage, solveDeal } from './pyramid-page';

test('win a known winnable deal by clicking the line the CLI prints', async ({ page }, testInfo) => {
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'classic');
  expect(solved.result).toBe('win');
  await game.open(1, 'classic');
  await game.playLine(solved.moves);
  const dialog = game.dialog('You won!');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(String(solved.moves.split(' ').length));
  await expect(game.message).toContainText('You won!');
  await page.screenshot({ path: testInfo.outputPath('won.png') });
  // Replay this deal starts it again.
  await dialog.getByRole('button', { name: 'Replay this deal' }).click();
  await expect(game.moves).toHaveText('0');
  await expect(game.pyramidCards()).toHaveCount(28);
});

test('traditional and par: the draw slot and waste top pair', async ({ page }) => {
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'traditional');
  expect(solved.result).toBe('win');
  await game.open(1, 'traditional');
  await game.playLine(solved.moves);
  await expect(game.dialog('You won!')).toBeVisible();
});

test('tap rules: select, cancel, move the selection, king in one tap', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  // Deal 1: bottom row 9S 5C 8C 6D JD 8H 2H.
  await game.card('9S').click();
  await expect(game.card('9S')).toHaveAttribute('aria-pressed', 'true');
  await game.card('9S').click();
  await expect(game.card('9S')).toHaveAttribute('aria-pressed', 'false');
  await game.card('9S').click();
  await game.card('6D').click(); // 9 + 6 is not 13: the selection moves
  await expect(game.card('9S')).toHaveAttribute('aria-pressed', 'false');
  await expect(game.card('6D')).toHaveAttribute('aria-pressed', 'true');
  await game.card('KS').click({ force: true }); // covered: nothing happens
  await expect(game.message).toContainText('covered');
  await expect(game.card('KS')).toHaveCount(1);
  await game.card('5C').click();
  await game.card('8C').click();
  await expect(game.card('5C')).toHaveCount(0);
  await expect(game.card('8C')).toHaveCount(0);
  await expect(game.moves).toHaveText('1');
  await expect(game.message).toContainText('5 of clubs and 8 of clubs removed');
});

test('hint then auto move; undo back to the deal and redo to the end', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await game.button('Hint').click();
  await expect(page.locator('[data-hint="true"]').first()).toBeVisible();
  const hinted = await page.locator('[data-hint="true"]').evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-card') ?? e.getAttribute('data-zone')),
  );
  expect(hinted.length).toBeGreaterThan(0);
  await game.button('Auto move').click();
  await expect(game.moves).toHaveText('1');
  for (const code of hinted) {
    if (code && code !== 'stock') await expect(game.card(code)).toHaveCount(0);
  }
  for (let i = 0; i < 5; i++) await game.button('Auto move').click();
  await expect(game.moves).toHaveText('6');
  const codesMid = await page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));

  for (let i = 6; i > 0; i--) await game.button('Undo').click();
  await expect(game.moves).toHaveText('0');
  await expect(game.pyramidCards()).toHaveCount(28);
  await expect(game.button('Undo')).toBeDisabled();
  for (let i = 0; i < 6; i++) await game.button('Redo').click();
  await expect(game.moves).toHaveText('6');
  await expect(game.button('Redo')).toBeDisabled();
  const codesAfter = await page.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
  expect(codesAfter).toEqual(codesMid);
});

test('a loss: hard deal 16 drawn through', async ({ page }, testInfo) => {
  const game = new PyramidPage(page);
  expect(solveDeal(16, 'hard').result).toBe('loss');
  await game.open(16, 'hard');
  await game.button('Hint').click();
  await expect(game.message).toContainText('can no longer be won');
  const dialog = game.dialog('Round lost');
  for (let i = 0; i < 24 && !(await dialog.isVisible()); i++) {
    await game.stock.click();
  }
  await expect(dialog).toBeVisible();
  await expect(game.message).toContainText('lost');
  await page.screenshot({ path: testInfo.outputPath('lost.png') });
  await dialog.getByRole('button', { name: 'New deal' }).click();
  await expect(game.moves).toHaveText('0');
  await expect(page.getByTestId('deal')).toContainText('Hard');
});

test('a dead position is announced at once, with cards still in the stock', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(277, 'hard');
  for (let i = 0; i < 20; i++) {
    await game.stock.click();
  }
  await expect(game.dialog('Round lost')).toBeVisible();
  await expect(game.stock).toHaveAttribute('aria-label', /4 cards/);
  await expect(game.message).toContainText('No more cards can be removed');
});

test('pair by mouse drag; a drop elsewhere changes nothing', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  // Positions are measured right before each gesture: the page may scroll
  // between gestures (the statistics panel lies below the table).
  const centre = async (code: string) => {
    const box = (await game.card(code).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const drag = async (code: string, to: { x: number; y: number }) => {
    const from = await centre(code);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
  };
  // Drop on a card that does not pair: it comes back.
  await drag('5C', await centre('6D'));
  await expect(game.card('5C')).toHaveCount(1);
  await expect(game.moves).toHaveText('0');
  await expect(game.card('5C')).toHaveAttribute('aria-pressed', 'false');
  // Drop on empty felt: nothing changes.
  await drag('5C', { x: 5, y: (await centre('5C')).y });
  await expect(game.moves).toHaveText('0');
  // A double click (two taps: select, then cancel) must not leave the card's
  // text selected: pressing on selected text would start the browser's own
  // drag, which cancels ours.
  await game.card('5C').dblclick();
  await expect(game.card('5C')).toHaveAttribute('aria-pressed', 'false');
  // Drop on its partner: both go.
  await drag('5C', await centre('8C'));
  await expect(game.card('5C')).toHaveCount(0);
  await expect(game.card('8C')).toHaveCount(0);
  await expect(game.moves).toHaveText('1');
});

test.describe('touch', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('pair by touch drag', async ({ page }) => {
    const game = new PyramidPage(page);
    await game.open(1, 'classic');
    const cdp = await page.context().newCDPSession(page);
    const from = (await game.card('5C').boundingBox())!;
    const to = (await game.card('8C').boundingBox())!;
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    for (let i = 1; i <= 8; i++) {
      const p = { x: start.x + ((end.x - start.x) * i) / 8, y: start.y + ((end.y - start.y) * i) / 8 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(game.card('5C')).toHaveCount(0);
    await expect(game.card('8C')).toHaveCount(0);
    await expect(game.moves).toHaveText('1');
    // A tap still selects.
    await game.card('9S').tap();
    console.log('after tap:', await game.message.textContent());
    await expect(game.card('9S')).toHaveAttribute('aria-pressed', 'true');
  });
});
