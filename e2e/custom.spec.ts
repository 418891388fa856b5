// Custom rule sets and the Pyramid family in the new-deal dialog: a set
// composed from SPEC §10's options is dealt, played, resumed and counted
// on its own, offered again as a recent set and shared as a challenge; the
// family's games deal from their group; winnable-only dealing and the daily
// deal work for both; the open dialog passes axe at three widths.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { PyramidPage, solveDeal, stat } from './pyramid-page';

const SET = 'custom-2-1-waste-pyramid-no';
const SUMMARY = '2 passes, 1 card a turn, waste top live, clear the pyramid';
const NAME = `Custom (${SUMMARY})`;
const SHOTS = process.env.PYRAMID_SHOTS ?? 'test-results/custom-shots';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ page }) => {
  // Chromium on Linux has no Web Share; make sure of it, so Share falls
  // back to the clipboard here.
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

function query(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

/** Composes `custom-2-1-waste-pyramid-no` from Classic's options. */
async function composeSet(game: PyramidPage) {
  const dialog = game.dialog('New deal');
  const compose = dialog.getByRole('radio', { name: /^Your own rules/ });
  await dialog.getByRole('combobox', { name: 'Passes' }).selectOption('2');
  await expect(compose).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Cards turned at a time' }).selectOption('1');
  await dialog.getByRole('combobox', { name: 'Stock mode' }).selectOption('waste');
  await dialog.getByRole('combobox', { name: 'Goal' }).selectOption('pyramid');
  await dialog.getByRole('combobox', { name: 'Overlap pairs' }).selectOption('no');
  await expect(compose).toBeChecked();
  await expect(dialog.locator('label[for="preset-compose"] .summary')).toHaveText(SUMMARY);
}

test('a composed set: its address, play, a reload, its own statistics, a recent set, a challenge', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  // A Classic round started and left: abandoned, in Classic's statistics.
  await game.stock.click();
  await expect(game.moves).toHaveText('1');

  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  await expect(dialog).toBeVisible();
  // No custom set used yet: none to offer.
  await expect(dialog.getByRole('group', { name: 'Recent custom sets' })).toHaveCount(0);
  await composeSet(game);
  await dialog.getByRole('textbox', { name: 'Deal number' }).fill('1');
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(dialog).toBeHidden();

  const info = page.getByTestId('deal');
  await expect(info).toHaveText(`Deal 1 · ${NAME}`);
  await expect.poll(() => query(page, 'rules')).toBe(SET);
  expect(query(page, 'deal')).toBe('1');
  await expect(game.pass).toHaveText('Pass 1 of 2');

  // Two pairs and a draw, under the set's rules (the solver's line).
  const line = solveDeal(1, SET).moves.split(' ');
  expect(line.slice(0, 3)).toEqual(['5C+8C', '2S+JD', 'D']);
  await game.playLine(line.slice(0, 3).join(' '));
  await expect(game.card('5C')).toHaveCount(0);
  await expect(page.locator('[data-zone="waste"]')).toHaveCount(1);

  // A reload resumes it.
  await page.reload();
  await game.dealt();
  await expect(info).toHaveText(`Deal 1 · ${NAME}`);
  await expect(game.moves).toHaveText('3');
  expect(query(page, 'rules')).toBe(SET);
  for (const [i, move] of line.slice(3).entries()) {
    await game.play(move);
    await expect(game.moves).toHaveText(String(i + 4));
  }
  const won = game.dialog('You won!');
  await expect(won).toBeVisible();

  // Its statistics are its own.
  const heading = page.locator('#stats-heading');
  await expect(heading).toHaveText(`Statistics: ${NAME}`);
  await expect(stat(page, 'Played')).toHaveText('1');
  await expect(stat(page, 'Won')).toHaveText('1');
  await expect(stat(page, 'Abandoned')).toHaveText('0');
  // Share it as a challenge, then look at Classic's.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await won.getByRole('button', { name: 'Share' }).click();
  await expect(game.message).toHaveText('Result copied to the clipboard');
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toContain(`Deal 1 · ${NAME}`);
  await won.getByRole('button', { name: 'Close' }).click();
  const picker = page.locator('.stats-panel').getByLabel('Game');
  await picker.selectOption('classic');
  await expect(heading).toHaveText('Statistics: Classic');
  await expect(stat(page, 'Abandoned')).toHaveText('1');
  await expect(stat(page, 'Won')).toHaveText('0');
  await picker.selectOption(SET);
  await expect(heading).toHaveText(`Statistics: ${NAME}`);
  await expect(stat(page, 'Won')).toHaveText('1');

  // The challenge link opens the set in a fresh browser.
  const link = new URL(text.split('\n').pop()!);
  expect(link.searchParams.get('rules')).toBe(SET);
  const friendContext = await browser.newContext({ baseURL: link.origin });
  const friend = new PyramidPage(await friendContext.newPage());
  await friend.page.goto(`${link.pathname}${link.search}`);
  await friend.dealt();
  await expect(friend.page.getByTestId('deal')).toHaveText(`Deal 1 · ${NAME}`);
  await expect(friend.page.getByTestId('challenge')).toHaveText(
    new RegExp(`^Beat ${line.length} moves in \\d+:\\d\\d$`),
  );
  await expect(friend.pass).toHaveText('Pass 1 of 2');
  await friendContext.close();

  // It is offered again, one tap away, after another game.
  await game.button('New deal').click();
  const recent = dialog.getByRole('group', { name: 'Recent custom sets' });
  const again = recent.getByRole('radio', { name: `Custom ${SUMMARY}` });
  await expect(again).toBeChecked();
  await dialog.getByLabel(/^Classic/).check();
  await dialog.getByLabel('Random deal').check();
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(info).toHaveText(/^Deal \d+ · Classic$/);
  await expect(heading).toHaveText('Statistics: Classic');
  await game.button('New deal').click();
  await expect(again).not.toBeChecked();
  await again.check();
  await dialog.getByLabel('Random deal').check();
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(info).toHaveText(new RegExp(`^Deal \\d+ · ${NAME.replace(/[()]/g, '\\$&')}$`));
  await expect.poll(() => query(page, 'rules')).toBe(SET);
  const stored = await page.evaluate(() => localStorage.getItem('pyramid.recent'));
  expect(JSON.parse(stored!)).toEqual({ version: 1, sets: [SET] });
});

test('the family group deals Giza', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  const family = dialog.getByRole('group', { name: 'The Pyramid family' });
  for (const name of ['Giza', 'King Tut', 'Apophis', 'Cheops']) {
    await expect(family.getByRole('radio', { name: new RegExp(`^${name} `) })).toBeVisible();
  }
  await expect(dialog.getByRole('group', { name: 'Pyramid', exact: true }).getByRole('radio')).toHaveCount(7);
  await family.getByLabel(/^Giza/).check();
  await dialog.getByRole('textbox', { name: 'Deal number' }).fill('1');
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByTestId('deal')).toHaveText('Deal 1 · Giza');
  await expect.poll(() => query(page, 'rules')).toBe('giza');
  await expect(page.locator('#stats-heading')).toHaveText('Statistics: Giza');
});

test("a family game's challenge link opens it in a fresh browser", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const game = new PyramidPage(page);
  const line = solveDeal(4, 'cheops').moves;
  await game.open(4, 'cheops');
  await expect(page.getByTestId('deal')).toHaveText('Deal 4 · Cheops');
  await game.playLine(line);
  const won = game.dialog('You won!');
  await expect(won).toBeVisible();
  await expect(stat(page, 'Won')).toHaveText('1');
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await won.getByRole('button', { name: 'Share' }).click();
  await expect(game.message).toHaveText('Result copied to the clipboard');
  const link = new URL((await page.evaluate(() => navigator.clipboard.readText())).split('\n').pop()!);
  expect(link.searchParams.get('rules')).toBe('cheops');
  const friendContext = await browser.newContext({ baseURL: link.origin });
  const friend = new PyramidPage(await friendContext.newPage());
  await friend.page.goto(`${link.pathname}${link.search}`);
  await friend.dealt();
  await expect(friend.page.getByTestId('deal')).toHaveText('Deal 4 · Cheops');
  await expect(friend.page.getByTestId('challenge')).toHaveText(
    new RegExp(`^Beat ${line.split(' ').length} moves in \\d+:\\d\\d$`),
  );
  await friendContext.close();
});

test('winnable-only dealing and the daily deal, for a custom set and a family game', async ({ page }) => {
  test.setTimeout(120_000);
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const dialog = game.dialog('New deal');
  const info = page.getByTestId('deal');
  const number = async () => Number(/(\d+)/.exec((await info.textContent())!)![1]);

  await game.button('New deal').click();
  await composeSet(game);
  await dialog.getByLabel('Winnable deals only').check();
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(info).toHaveText(new RegExp(`^Deal \\d+ · Custom \\(`));
  expect(solveDeal(await number(), SET).result).toBe('win');

  await game.button('New deal').click();
  await dialog.getByLabel(/^Giza/).check();
  await dialog.getByLabel('Winnable deals only').check();
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(info).toHaveText(/^Deal \d+ · Giza$/);
  expect(solveDeal(await number(), 'giza').result).toBe('win');

  // The daily deal of the recent set and of Giza, from the calendar.
  for (const [id, name] of [
    [SET, 'Custom \\('],
    ['giza', 'Giza$'],
  ]) {
    await game.action('Daily');
    const daily = game.dialog('Daily deals');
    await daily.getByLabel('Rules').selectOption(id);
    await daily.getByRole('button', { name: "Play today's deal" }).click();
    await expect(info).toHaveText(new RegExp(`^Daily deal \\d+ · ${name}`));
    await expect.poll(() => query(page, 'rules')).toBe(id);
    expect(solveDeal(await number(), id).result).toBe('win');
  }
});

test('unreadable recent sets are set aside with a notice, and the next set used starts the list afresh', async ({ page }) => {
  const game = new PyramidPage(page);
  const bad = '{"version":1,"sets":[7,"custom-';
  await page.goto('/not-the-game');
  await page.evaluate((bad) => localStorage.setItem('pyramid.recent', bad), bad);
  await game.open(1, 'classic');
  await game.button('New deal').click();
  const dialog = game.dialog('New deal');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Recent custom sets' })).toHaveCount(0);
  // The unreadable text is kept, byte for byte, under a backup key that
  // the notice names.
  const banner = page.getByTestId('data-notice');
  await expect(banner).toContainText('The list of recent custom rule sets could not be read');
  await expect(banner).toContainText('pyramid.backup.recent.');
  const backups = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('pyramid.backup.recent.'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(backups).toEqual([bad]);
  await composeSet(game);
  await dialog.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByTestId('deal')).toHaveText(/· Custom \(/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('pyramid.recent')))
    .toBe(`{"version":1,"sets":["${SET}"]}`);
  // A list of a newer version is not read as none either: it is set aside.
  await page.evaluate(() => localStorage.setItem('pyramid.recent', '{"version":2,"sets":[]}'));
  await page.reload();
  await game.dealt();
  await expect(banner).toContainText('pyramid.backup.recent.');
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('pyramid.backup.recent.')).map((k) => localStorage.getItem(k)),
      ),
    )
    .toContain('{"version":2,"sets":[]}');
});

test('the new-deal dialog at 360, 768 and 1920 px, with recent sets: axe, no overflow', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const game = new PyramidPage(page);
  await page.goto('/not-the-game');
  await page.evaluate(() =>
    localStorage.setItem(
      'pyramid.recent',
      JSON.stringify({
        version: 1,
        sets: ['custom-2-1-waste-pyramid-no', 'custom-u-3-drawcard-all-overlap', 'custom-1-1-drawcard-pyramid-overlap'],
      }),
    ),
  );
  for (const [width, height] of [
    [360, 740],
    [768, 1024],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    await game.open(1, 'classic');
    await game.button('New deal').click();
    const dialog = game.dialog('New deal');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Recent custom sets' }).getByRole('radio')).toHaveCount(3);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // Nothing in the dialog is wider than the dialog.
    const overflow = await dialog.evaluate((d) => d.scrollWidth > d.clientWidth);
    expect(overflow).toBe(false);
    await page.screenshot({ path: `${SHOTS}/new-deal-${width}.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('group', { name: 'Custom', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/new-deal-${width}-composer.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
  // A custom set's long name on the table and in the statistics' list.
  for (const width of [360, 768, 1920]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 1024 });
    await game.open(1, SET);
    await expect(page.getByTestId('deal')).toHaveText(`Deal 1 · ${NAME}`);
    await game.stock.click();
    await game.open(2, 'classic');
    await page.locator('.stats-panel').getByLabel('Game').selectOption(SET);
    await expect(page.locator('#stats-heading')).toHaveText(`Statistics: ${NAME}`);
    expect(await game.hasHorizontalOverflow()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/stats-${width}.png`, fullPage: true });
    await game.open(1, SET);
    expect(await game.hasHorizontalOverflow()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/table-${width}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  }
});
