// Daily deals: the calendar on the player's local day, a past day played
// and won from the archive, the streak; Share to the clipboard, and
// challenge links, verified or refused.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PyramidPage, solveDeal } from './pyramid-page';

// 12:00 UTC on March 15th is already March 16th on Kiritimati (UTC+14):
// the calendar must follow the player's local day, not UTC's.
const NOW = new Date('2026-03-15T12:00:00Z');
const LOCAL_TODAY = '2026-03-16';
const PAST_DAY = '2026-03-15';

test.use({
  timezoneId: 'Pacific/Kiritimati',
  permissions: ['clipboard-read', 'clipboard-write'],
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The deal number in the address bar. */
async function dealInAddress(page: Page): Promise<number> {
  return Number(new URL(page.url()).searchParams.get('deal'));
}

/** Shares the finished round and returns what reached the clipboard. */
async function shareToClipboard(game: PyramidPage): Promise<string> {
  await game.page.evaluate(() => navigator.clipboard.writeText(''));
  await game.button('Share').click();
  await expect(game.message).toHaveText('Result copied to the clipboard');
  return game.page.evaluate(() => navigator.clipboard.readText());
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW);
  // Chromium on Linux has no Web Share; make sure of it, so Share falls
  // back to the clipboard here.
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
});

test('the daily archive: local today, a past day won from the calendar, the streak', async ({ page }) => {
  test.setTimeout(150_000);
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await game.button('Daily').click();
  const daily = game.dialog('Daily deals');
  await expect(daily).toBeVisible();
  const today = daily.locator(`[data-date="${LOCAL_TODAY}"]`);
  await expect(today).toHaveAttribute('aria-current', 'date');
  await expect(today).toHaveAttribute('data-result', 'none');
  await expect(today).toBeEnabled();
  await expect(daily.locator('[data-date="2026-03-17"]')).toBeDisabled();
  await expect(daily.getByTestId('daily-streak')).toHaveText('0');
  await expect(daily.getByTestId('daily-best-streak')).toHaveText('0');
  await expect(daily.getByTestId('daily-tally')).toHaveText('0 of 31 days won');
  expect(await seriousViolations(page)).toEqual([]);

  // Back a month and forward again; the archive starts in January 2026.
  await daily.getByRole('button', { name: 'Previous month' }).click();
  await expect(daily.locator('[data-date="2026-02-28"]')).toBeVisible();
  await daily.getByRole('button', { name: 'Previous month' }).click();
  await expect(daily.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  await daily.getByRole('button', { name: 'Next month' }).click();
  await daily.getByRole('button', { name: 'Next month' }).click();
  await expect(daily.getByRole('button', { name: 'Next month' })).toBeDisabled();

  // Play a past day: the solver's worker finds that day's deal.
  await daily.locator(`[data-date="${PAST_DAY}"]`).click();
  await expect(game.message).toContainText(`Daily deal of ${PAST_DAY}`);
  const deal = await dealInAddress(page);
  expect(deal).toBeGreaterThan(0);
  const solved = solveDeal(deal, 'classic');
  expect(solved.result).toBe('win');
  await game.playLine(solved.moves);
  await expect(game.dialog('You won!')).toBeVisible();

  // Share: spoiler-free text to the clipboard, with a challenge link.
  const text = await shareToClipboard(game);
  expect(text).toContain(`Pyramid Solitaire · Daily deal ${PAST_DAY} · Classic`);
  const moves = solved.moves.split(' ').length;
  expect(text).toMatch(new RegExp(`Won in ${moves} moves, \\d+:\\d\\d · clean`));
  expect(text).toMatch(/Passes [🟩⬜]+/u);
  expect(text).not.toMatch(/hearts|spades|clubs|diamonds|King|[2-9TJQKA][SHDC]\+/);
  expect(text).toMatch(new RegExp(`\\?deal=${deal}&rules=classic&challenge=[A-Za-z0-9_-]+$`));

  await game.dialog('You won!').getByRole('button', { name: 'Close' }).click();
  await game.button('Daily').click();
  await expect(daily.locator(`[data-date="${PAST_DAY}"]`)).toHaveAttribute('data-result', 'clean');
  await expect(daily.locator(`[data-date="${PAST_DAY}"]`)).toHaveAttribute(
    'aria-label',
    new RegExp(`^March 15: clean win, best ${moves} moves in \\d+:\\d\\d$`),
  );
  // Today is not won yet: yesterday's win still makes a current streak.
  await expect(daily.getByTestId('daily-streak')).toHaveText('1');
  await expect(daily.getByTestId('daily-best-streak')).toHaveText('1');
  await expect(daily.getByTestId('daily-tally')).toHaveText('1 of 31 days won');
  // Another preset has its own calendar.
  await daily.getByLabel('Rules').selectOption('hard');
  await expect(daily.locator(`[data-date="${PAST_DAY}"]`)).toHaveAttribute('data-result', 'none');
  await expect(daily.getByTestId('daily-best-streak')).toHaveText('0');

  // The result survives a reload, keyed by the deal's date.
  await page.reload();
  await game.dialog('You won!').getByRole('button', { name: 'Close' }).click();
  await game.button('Daily').click();
  await expect(daily.locator(`[data-date="${PAST_DAY}"]`)).toHaveAttribute('data-result', 'clean');
});

test('a challenge link shows what to beat; a corrupt one is refused and the deal opens', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const game = new PyramidPage(page);
  const solved = solveDeal(1, 'classic');
  const moves = solved.moves.split(' ').length;
  await game.open(1, 'classic');
  await game.playLine(solved.moves);
  await expect(game.dialog('You won!')).toBeVisible();
  const text = await shareToClipboard(game);
  expect(text).toContain('Pyramid Solitaire · Deal 1 · Classic');
  const link = text.split('\n').pop()!;
  const url = new URL(link);
  const token = url.searchParams.get('challenge')!;

  // A friend opens the link in their own browser.
  const friendContext = await browser.newContext({ baseURL: url.origin });
  const friend = new PyramidPage(await friendContext.newPage());
  await friend.page.goto(`${url.pathname}${url.search}`);
  await expect(friend.page.locator('[data-zone="pyramid"]').first()).toBeVisible();
  await expect(friend.page.getByTestId('challenge')).toHaveText(new RegExp(`^Beat ${moves} moves in \\d+:\\d\\d$`));
  // They win in the same number of moves, faster or slower: the end
  // dialog compares.
  await friend.playLine(solved.moves);
  await expect(friend.dialog('You won!')).toBeVisible();
  await expect(friend.dialog('You won!').getByTestId('challenge-result')).toHaveText(
    new RegExp(`^You: ${moves} moves in \\d+:\\d\\d — (you beat the challenge|a tie with the challenge|the challenge stands)$`),
  );

  // A damaged token: refused, and deal 1 still opens.
  const flipped = token[10] === 'A' ? 'B' : 'A';
  const corrupt = token.slice(0, 10) + flipped + token.slice(11);
  const other = new PyramidPage(await friendContext.newPage());
  await other.page.goto(`/?deal=1&rules=classic&challenge=${corrupt}`);
  await expect(other.page.locator('[data-zone="pyramid"]').first()).toBeVisible();
  await expect(other.page.getByTestId('challenge')).toContainText('This challenge link is not valid');
  await expect(other.message).toContainText('This challenge link is not valid: the link was damaged or changed');
  await expect(other.moves).toHaveText('0');
  expect(new URL(other.page.url()).searchParams.get('deal')).toBe('1');

  // A genuine token on another deal is refused too.
  await other.page.goto(`/?deal=2&rules=classic&challenge=${token}`);
  await expect(other.page.getByTestId('challenge')).toContainText('it was played on deal 1, not deal 2');

  // A valid link spelled by hand (rules in capitals, a leading zero) keeps
  // its challenge when the address is rewritten, so a reload keeps it too.
  await other.page.goto(`/?rules=CLASSIC&deal=01&challenge=${token}`);
  await expect(other.page.getByTestId('challenge')).toHaveText(new RegExp(`^Beat ${moves} moves in `));
  await expect(other.page).toHaveURL(new RegExp(`\\?deal=1&rules=classic&challenge=${token}$`));
  await other.page.reload();
  await expect(other.page.getByTestId('challenge')).toHaveText(new RegExp(`^Beat ${moves} moves in `));
  await friendContext.close();
});
