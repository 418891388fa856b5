// How to play: the dialog (F1, the toolbar, the shortcut sheet) shows the
// rules of the game on the table from rules.html; rules.html and index.html
// without JavaScript; the explanations on the table (a covered card, a sum
// that is not 13, the nudge to draw).
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PyramidPage, solveDeal } from './pyramid-page';

const GAMES = ['classic', 'easy', 'medium', 'hard', 'relaxed', 'traditional', 'par', 'giza', 'kingtut', 'apophis', 'cheops'];
const NAMES = [
  'Classic', 'Easy', 'Medium', 'Hard', 'Relaxed', 'Traditional', 'Par Pyramid',
  'Giza', 'King Tut', 'Apophis', 'Cheops',
];

async function violations(page: Page, include?: string) {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (include) axe = axe.include(include);
  const results = await axe.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A card's face as the messages write it: 10♥, J♣. */
function face(code: string): string {
  const rank = code[0] === 'T' ? '10' : code[0];
  const suit = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' }[code[1]];
  return `${rank}${suit}`;
}

for (const [rules, passes, goal] of [
  ['classic', '3 passes (2 recycles)', 'clear the pyramid'],
  ['hard', '1 pass (no recycle)', 'clear the pyramid'],
  ['relaxed', 'unlimited passes', 'clear the pyramid'],
  ['traditional', '1 pass (no recycle)', 'remove all 52 cards'],
  ['par', '3 passes (2 recycles)', 'then play on for points'],
] as const) {
  test(`F1 opens How to play for ${rules}: its passes and goal`, async ({ page }) => {
    const game = new PyramidPage(page);
    await game.open(1, rules);
    await page.keyboard.press('F1');
    const dialog = game.dialog('How to play');
    await expect(dialog).toBeVisible();
    const name = NAMES[GAMES.indexOf(rules)];
    await expect(dialog.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    const facts = dialog.locator('.facts');
    await expect(facts).toContainText(`Passes through the stock: ${passes}`);
    await expect(facts).toContainText(goal);
    // The pairs, the covered example, the tips and this game's figures.
    await expect(dialog.locator('table.pairs tbody tr')).toHaveCount(7);
    await expect(dialog.locator('.mini-pyramid .mc')).toHaveCount(3);
    const tips = dialog.locator('h3', { hasText: 'Tips' }).locator('xpath=following-sibling::ul[1]/li');
    expect(await tips.count()).toBeGreaterThanOrEqual(5);
    await expect(dialog).toContainText(`of ${name} perfectly`);
    // The game is on the table already: no link to play it.
    await expect(dialog.getByRole('link', { name: `Play ${name}` })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('How to play from the toolbar and from the shortcut sheet; axe on the dialog', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await game.action('How to play');
  const dialog = game.dialog('How to play');
  await expect(dialog.locator('.facts')).toBeVisible();
  expect(await violations(page, 'dialog[open]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.keyboard.press('?');
  const sheet = game.dialog('Keyboard shortcuts');
  await expect(sheet.locator('tr').filter({ hasText: 'How to play' })).toContainText('F1');
  await sheet.getByRole('button', { name: 'How to play' }).click();
  await expect(sheet).toBeHidden();
  await expect(dialog.getByRole('heading', { name: 'Classic', exact: true })).toBeVisible();
});

test('the dialog follows the rules on the table, and a failed fetch offers a retry and the page', async ({ page }) => {
  const game = new PyramidPage(page);
  await page.route('**/rules.html', (route) => route.abort());
  await game.open(1, 'hard');
  await page.keyboard.press('F1');
  const dialog = game.dialog('How to play');
  await expect(dialog).toContainText('The rules could not be loaded.');
  await expect(dialog.getByRole('link', { name: 'All the rules' })).toHaveAttribute('href', 'rules.html');
  await page.unroute('**/rules.html');
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByRole('heading', { name: 'Hard', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(dialog).not.toContainText('could not be loaded');
});

test('rules.html: every game, its link to play it, the win rates; axe clean', async ({ page }) => {
  await page.goto('/rules.html');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How to play Pyramid Solitaire');
  for (const [i, id] of GAMES.entries()) {
    const section = page.locator(`section#${id}`);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(NAMES[i]);
    await expect(section.getByRole('link', { name: `Play ${NAMES[i]}` })).toHaveAttribute(
      'href',
      `index.html?rules=${id}`,
    );
  }
  await expect(page.locator('#win-rates tbody tr')).toHaveCount(GAMES.length);
  await expect(page.locator('#win-rates')).toContainText('6,620 of 10,000');
  // Custom rules: the options, and the published sets beside ours.
  await expect(page.locator('section#custom h2')).toHaveText('Custom rules');
  await expect(page.locator('section#custom tbody tr')).toHaveCount(6);
  await expect(page.locator('section#custom')).toContainText('22.77 %');
  expect(await violations(page)).toEqual([]);
  // Its link opens the game under those rules.
  await page.locator('section#hard').getByRole('link', { name: 'Play Hard' }).click();
  await expect(page.getByTestId('pass')).toHaveText('Pass 1 of 1');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('index.html introduces the game and links to the rules, which show every game', async ({ page }) => {
    await page.goto('/');
    const intro = page.locator('.notice-banner');
    await expect(intro).toBeVisible();
    await expect(intro).toContainText('clear the pyramid by removing pairs of cards that add up to 13');
    await page.getByRole('link', { name: 'the rules of every game' }).click();
    await expect(page).toHaveURL(/rules\.html$/);
    for (const name of NAMES) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
  });
});

test('with JavaScript the introduction is not shown', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await expect(page.getByText(/The game needs JavaScript/)).toBeHidden();
});

test('a covered card says which cards cover it; two cards that are not 13 say what they make', async ({
  page,
}) => {
  const cards = solveDeal(16, 'classic').cards.split(' ');
  const game = new PyramidPage(page);
  await game.open(16, 'classic');
  // Row 5, column 0 (index 15) lies under indexes 21 and 22.
  // A covered card is aria-disabled, which Playwright will not click unless forced.
  await game.card(cards[15]).click({ force: true });
  await expect(game.message).toHaveText(`${face(cards[15])} is covered by ${face(cards[21])} and ${face(cards[22])}`);
  // Deal 16's bottom row starts J♥ 10♣: 21, not 13.
  expect(cards.slice(21, 23)).toEqual(['JH', 'TC']);
  await game.card('JH').click();
  await game.card('TC').click();
  await expect(game.message).toHaveText('J + 10 = 21, not 13. 10 of clubs selected');
  await expect(game.card('TC')).toHaveAttribute('aria-pressed', 'true');
});

test('with nothing to remove, the stock is marked after a few idle seconds, and a draw takes the mark off', async ({
  page,
}) => {
  const cards = solveDeal(16, 'classic').cards.split(' ');
  const value = (c: string) => ({ A: 1, T: 10, J: 11, Q: 12, K: 13 })[c[0]] ?? Number(c[0]);
  const bottom = cards.slice(21, 28).map(value);
  // Deal 16 starts with no King and no pair in the bottom row.
  expect(bottom.some((v, i) => v === 13 || bottom.slice(i + 1).some((w) => v + w === 13))).toBe(false);
  const game = new PyramidPage(page);
  await game.open(16, 'classic');
  await expect(game.stock).not.toHaveAttribute('data-nudge', 'true');
  await expect(game.stock).toHaveAttribute('data-nudge', 'true', { timeout: 12_000 });
  await expect(game.message).toHaveText('No pair to make: draw a card');
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  await expect(game.stock).not.toHaveAttribute('data-nudge', 'true');
});
