// The solver as a coach, through its Web Worker: where did I lose and a
// rewind to there, a shown win with pause, step and stop, the difficulty
// grade and its filter, the shortest win after a win, clean wins, and a
// long search that shows progress and can be cancelled.
import { test, expect } from '@playwright/test';
import { PyramidPage, holdWorkerCode, solveDeal, stat } from './pyramid-page';

test('where did I lose, rewind to there, and win from there', async ({ page }) => {
  test.setTimeout(120_000);
  const game = new PyramidPage(page);
  // Hard deal 1 can be won; drawing through its one pass without a
  // removal gives the win away at some draw.
  expect(solveDeal(1, 'hard').result).toBe('win');
  await game.open(1, 'hard');
  for (let i = 0; i < 24; i++) {
    await game.stock.click();
    await expect(game.moves).toHaveText(String(i + 1));
  }
  await game.button('Where did I lose?').click();
  const answer = game.dialog('Where did I lose?');
  await expect(answer).toBeVisible();
  await expect(answer.getByTestId('loss-answer')).toHaveText(/^The draw on move (\d+) lost the deal\.$/);
  const text = (await answer.getByTestId('loss-answer').textContent())!;
  const losing = Number(/move (\d+)/.exec(text)![1]);
  await answer.getByRole('button', { name: 'Rewind to there' }).click();
  await expect(game.moves).toHaveText(String(losing - 1));
  await expect(game.button('Redo')).toBeEnabled();
  // The position can still be won: the coach says so, without a move.
  await page.keyboard.press('w');
  await expect(answer.getByTestId('loss-answer')).toHaveText('This position can still be won.');
  await answer.getByRole('button', { name: 'Close' }).click();
  // Win from there with auto moves.
  for (let i = 0; i < 80; i++) {
    if (await game.dialog('You won!').isVisible()) break;
    await game.button('Auto move').click();
    await page.waitForTimeout(50);
  }
  await expect(game.dialog('You won!')).toBeVisible();
  await expect(stat(page, 'Won')).toHaveText('1');
  // Rewinding and auto moves are help: this win is not clean.
  await expect(stat(page, 'Clean wins')).toHaveText('0');
});

test('a deal that can never be won says so', async ({ page }) => {
  const game = new PyramidPage(page);
  expect(solveDeal(2, 'hard').result).toBe('loss');
  await game.open(2, 'hard');
  await game.button('Where did I lose?').click();
  await expect(game.dialog('Where did I lose?').getByTestId('loss-answer')).toHaveText(
    'No sequence of moves wins this deal.',
  );
});

test('show me a win: pause, step, stop, and back to the round', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const line = solveDeal(1, 'classic').moves.split(' ');
  await game.playLine(line.slice(0, 2).join(' '));
  const before = await game.pyramidCodes();
  await game.button('Show me a win').click();
  const bar = page.getByTestId('replay');
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Pause replay' }).click();
  await expect(bar.getByRole('button', { name: 'Resume replay' })).toBeVisible();
  const shown = Number(await game.moves.textContent());
  await bar.getByRole('button', { name: 'Step' }).click();
  await expect(game.moves).toHaveText(String(shown + 1));
  await expect(game.message).toContainText('Replay, move');
  // While the replay runs, the cards and shortcuts do nothing.
  await page.keyboard.press('d');
  await game.stock.click();
  await expect(game.moves).toHaveText(String(shown + 1));
  await bar.getByRole('button', { name: 'Resume replay' }).click();
  await expect.poll(async () => Number(await game.moves.textContent()), { timeout: 10_000 }).toBeGreaterThan(shown + 1);
  // Esc stops it: the player's round is back as it was.
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect(game.moves).toHaveText('2');
  expect(await game.pyramidCodes()).toEqual(before);
  await expect(game.message).toContainText('back to your round');
  await game.stock.click();
  await expect(game.moves).toHaveText('3');
});

test('the grade is shown, and the new-deal dialog deals a chosen grade', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await expect(page.getByTestId('grade')).toHaveText(/^[1-5] of 5$/);
  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  await dialog.getByLabel('Difficulty').selectOption('1');
  await expect(dialog.getByLabel('Winnable deals only')).toBeChecked();
  await dialog.getByRole('button', { name: 'Deal' }).click();
  // The worker grades random candidates until one is a winnable grade 1
  // (about one classic deal in ten): seconds on a slow, busy machine.
  // A regular expression, not a substring: Playwright trims 'Deal 1 ' to
  // 'Deal 1', which random deals such as 1855917381 contain.
  await expect(page.getByTestId('deal')).not.toHaveText(/^Deal 1 ·/, { timeout: 30_000 });
  await expect(page.getByTestId('grade')).toHaveText('1 of 5', { timeout: 30_000 });
});

test('after a clean win: the shortest win, and a clean win counted', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const line = solveDeal(1, 'classic').moves;
  await game.playLine(line);
  const won = game.dialog('You won!');
  await expect(won).toBeVisible();
  await expect(won.getByTestId('end-summary')).toHaveText(
    new RegExp(`^You won in ${line.split(' ').length} moves; (the shortest win is|a win can take as few as) \\d+\\.$`),
  );
  await expect(stat(page, 'Clean wins')).toHaveText('1');
});

test('a long search shows progress and can be cancelled', async ({ page }) => {
  // The solver answers even its slowest deals quickly now: hold back the
  // workers' code until the player has cancelled (not for a fixed time: a
  // busy machine may take that long to open the page), so the question is
  // still waiting. Every worker's: the player's and the background lane's
  // workers start together and either may ask for it first. The worker
  // started after the cancel loads at once.
  const release = await holdWorkerCode(page);
  const game = new PyramidPage(page);
  await game.open(5720, 'classic');
  await game.button('Show me a win').click();
  const thinking = page.getByTestId('thinking');
  await expect(thinking).toBeVisible();
  await thinking.getByRole('button', { name: 'Cancel' }).click();
  release();
  await expect(thinking).toHaveCount(0);
  await expect(game.message).toHaveText('Search cancelled');
  await expect(page.getByTestId('replay')).toHaveCount(0);
  // The page was never frozen, and the solver answers the next question.
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  await expect(game.message).toHaveText('Card drawn');
  await game.button('Hint').click();
  // Whatever the answer (a hint, or that none was found in time), it comes.
  await expect(game.message).not.toHaveText('Card drawn', { timeout: 30_000 });
  await expect(thinking).toHaveCount(0);
});

test('a new deal while "Where did I lose?" thinks: the old answer never shows, nothing thinks, the new round is clean', async ({ page }) => {
  test.setTimeout(120_000);
  // Hold the workers' code back until the new deal is on the table, so the
  // question about the old deal is still in hand when the player deals.
  const release = await holdWorkerCode(page);
  const game = new PyramidPage(page);
  // Hard deal 1 drawn through without a removal: lost at some draw, so
  // the answer would offer "Rewind to there".
  await game.open(1, 'hard');
  for (let i = 0; i < 24; i++) {
    await game.stock.click();
    await expect(game.moves).toHaveText(String(i + 1));
  }
  await game.button('Where did I lose?').click();
  const thinking = page.getByTestId('thinking');
  await expect(thinking).toBeVisible();
  // A new deal, classic deal 1, before the answer comes.
  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  await dialog.getByLabel(/^Classic/).check();
  await dialog.getByRole('textbox', { name: 'Deal number' }).fill('1');
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByTestId('deal')).toHaveText('Deal 1 · Classic');
  // The new deal cancelled the question: nothing is thinking.
  await expect(thinking).toHaveCount(0);
  release();
  // The workers answer again (the new deal's grade comes), and no answer
  // about the old deal appears over the new round.
  await expect(page.getByTestId('grade')).toHaveText(/^[1-5] of 5$/, { timeout: 30_000 });
  await page.waitForTimeout(2_000);
  await expect(game.dialog('Where did I lose?')).toHaveCount(0);
  await expect(thinking).toHaveCount(0);
  await expect(game.moves).toHaveText('0');
  // The new round was never marked assisted: winning it is a clean win.
  await game.playLine(solveDeal(1, 'classic').moves);
  await expect(game.dialog('You won!')).toBeVisible();
  await expect(stat(page, 'Clean wins')).toHaveText('1');
});

test('a new deal while a win is shown: the replay stops, the player\'s round counts as abandoned, the new round plays', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const line = solveDeal(1, 'classic').moves.split(' ');
  await game.playLine(line.slice(0, 2).join(' '));
  await game.button('Show me a win').click();
  const bar = page.getByTestId('replay');
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await game.moves.textContent()), { timeout: 10_000 }).toBeGreaterThan(2);
  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  await dialog.getByLabel(/^Classic/).check();
  await dialog.getByRole('textbox', { name: 'Deal number' }).fill('2');
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByTestId('deal')).toHaveText('Deal 2 · Classic');
  await expect(bar).toHaveCount(0);
  // The replay's timer no longer plays its line on the new round.
  await page.waitForTimeout(2_000);
  await expect(game.moves).toHaveText('0');
  await expect(stat(page, 'Abandoned')).toHaveText('1');
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
});
