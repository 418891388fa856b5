// Settings and sound (SPEC §9): the dialog, what each choice does
// to the page, that it survives a reload, corrupt saved settings, the Sound
// toggle and the AudioContext, axe in every theme, and screenshots.
import { test, expect, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PyramidPage, solveDeal } from './pyramid-page';

const SETTINGS_KEY = 'pyramid.settings';
/** A pyramid card that is not covered (covered cards have their own shade). */
const OPEN_CARD = '[data-zone="pyramid"]:not([aria-disabled="true"])';

/** The document element's attribute `name`. */
function rootAttr(page: Page, name: string) {
  return page.evaluate((n) => document.documentElement.getAttribute(n), name);
}

function rootHas(page: Page, cls: string) {
  return page.evaluate((c) => document.documentElement.classList.contains(c), cls);
}

/** A computed style property of the first element matching `selector`. */
function style(page: Page, selector: string, prop: string, pseudo?: string) {
  return page.locator(selector).first().evaluate(
    (el, [p, ps]) => getComputedStyle(el, ps || null).getPropertyValue(p),
    [prop, pseudo ?? ''] as const,
  );
}

/** Saves `settings` (merged into a version 1 document) and reloads. */
async function withSettings(game: PyramidPage, settings: Record<string, unknown>) {
  await game.page.evaluate(
    ([k, v]) => localStorage.setItem(k, v),
    [SETTINGS_KEY, JSON.stringify({ version: 1, ...settings })],
  );
  await game.page.reload();
  await game.dealt();
}

async function openSettings(game: PyramidPage) {
  await game.action('Settings');
  const dialog = game.dialog('Settings');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

test('the dialog works from the keyboard alone: S, Tab, arrows, Space, Esc', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await expect.poll(() => rootAttr(page, 'data-theme')).toBe('light');
  await page.keyboard.press('s');
  const dialog = game.dialog('Settings');
  await expect(dialog).toBeVisible();
  // The first control has focus: Theme. Two steps down: System, Light, Dark.
  await expect(dialog.getByLabel('Theme')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => rootAttr(page, 'data-theme')).toBe('dark');
  // Tab on to Large cards and switch it on with Space.
  for (let i = 0; i < 20; i++) {
    if (await page.evaluate(() => document.activeElement?.id === 'setting-large-cards')) break;
    await page.keyboard.press('Tab');
  }
  await expect(dialog.getByLabel('Large cards')).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => rootHas(page, 'large-cards')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // From the toolbar button too, and focus comes back to it.
  await game.button('Settings').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(game.button('Settings')).toBeFocused();
  // Both choices survive a reload, and the dialog shows them.
  await page.reload();
  await game.dealt();
  expect(await rootAttr(page, 'data-theme')).toBe('dark');
  expect(await rootHas(page, 'large-cards')).toBe(true);
  await openSettings(game);
  await expect(dialog.getByLabel('Theme')).toHaveValue('dark');
  await expect(dialog.getByLabel('Large cards')).toBeChecked();
});

test('theme and motion follow the system when set to System, and the choice otherwise', async ({ page }) => {
  const game = new PyramidPage(page);
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await game.open(1, 'classic');
  await expect.poll(() => rootAttr(page, 'data-theme')).toBe('dark');
  expect(await rootAttr(page, 'data-motion')).toBe('off');
  // The system changes its mind while the page is open.
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await expect.poll(() => rootAttr(page, 'data-theme')).toBe('light');
  await expect.poll(() => rootAttr(page, 'data-motion')).toBe('on');
  const lightBody = await style(page, 'body', 'background-color');
  const lightCard = await style(page, OPEN_CARD, 'background-color');

  const dialog = await openSettings(game);
  await dialog.getByLabel('Theme').selectOption('Dark');
  await dialog.getByLabel('Motion').selectOption('Off');
  await page.keyboard.press('Escape');
  expect(await rootAttr(page, 'data-theme')).toBe('dark');
  expect(await rootAttr(page, 'data-motion')).toBe('off');
  // A real dark palette: table, cards, toolbar.
  expect(await style(page, 'body', 'background-color')).not.toBe(lightBody);
  expect(await style(page, OPEN_CARD, 'background-color')).not.toBe(lightCard);
  expect(await style(page, OPEN_CARD, 'background-color')).toBe('rgb(29, 36, 48)');
  expect(await style(page, '.toolbar button', 'background-color')).toBe('rgb(31, 41, 55)');
  // Motion off: no transition and no animation anywhere.
  expect(await style(page, '[data-zone="pyramid"]', 'transition-duration')).toBe('0s');
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);

  // Light even on a dark system, motion on even when it asks for less.
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await openSettings(game);
  await dialog.getByLabel('Theme').selectOption('Light');
  await dialog.getByLabel('Motion').selectOption('On');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(await rootAttr(page, 'data-theme')).toBe('light');
  expect(await rootAttr(page, 'data-motion')).toBe('on');
  await page.reload();
  await game.dealt();
  expect(await rootAttr(page, 'data-theme')).toBe('light');
  expect(await rootAttr(page, 'data-motion')).toBe('on');
});

test('table colour, card back, four colours and high contrast change the table and persist', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const green = await style(page, 'body', 'background-color');
  const lattice = await style(page, '[data-zone="stock"]', 'background-image');
  const diamond = '.card.suit-diamonds';
  await expect(page.locator(diamond).first()).toBeVisible();
  const redDiamond = await style(page, diamond, 'color');
  const border = await style(page, '[data-zone="pyramid"]', 'border-top-width');

  const dialog = await openSettings(game);
  await dialog.getByLabel('Table colour').selectOption('Blue');
  expect(await rootAttr(page, 'data-table')).toBe('blue');
  const blue = await style(page, 'body', 'background-color');
  expect(blue).not.toBe(green);
  await dialog.getByLabel('Table colour').selectOption('Burgundy');
  expect(await style(page, 'body', 'background-color')).not.toBe(blue);

  await dialog.getByLabel('Card back').selectOption('Red tartan');
  expect(await rootAttr(page, 'data-card-back')).toBe('tartan');
  const tartan = await style(page, '[data-zone="stock"]', 'background-image');
  expect(tartan).not.toBe(lattice);
  await dialog.getByLabel('Card back').selectOption('Night stars');
  expect(await style(page, '[data-zone="stock"]', 'background-image')).not.toBe(tartan);

  await dialog.getByLabel('Four-colour deck').check();
  expect(await style(page, diamond, 'color')).toBe('rgb(29, 78, 216)');
  expect(redDiamond).not.toBe('rgb(29, 78, 216)');

  await dialog.getByLabel('High contrast').check();
  expect(await rootHas(page, 'high-contrast')).toBe(true);
  expect(border).toBe('1px');
  expect(await style(page, '[data-zone="pyramid"]', 'border-top-width')).toBe('2px');
  expect(await style(page, '[data-zone="pyramid"] .corner', 'font-weight')).toBe('900');
  expect(await style(page, '.card.suit-spades, .card.suit-clubs', 'color')).toMatch(
    /rgb\(0, (0|90), (0|30)\)/,
  );
  await page.keyboard.press('Escape');

  await page.reload();
  await game.dealt();
  expect(await rootAttr(page, 'data-table')).toBe('wine');
  expect(await rootAttr(page, 'data-card-back')).toBe('stars');
  expect(await rootHas(page, 'four-colour')).toBe(true);
  expect(await rootHas(page, 'high-contrast')).toBe(true);
  expect(await style(page, '[data-zone="pyramid"]', 'border-top-width')).toBe('2px');
});

test('left-handed, zen mode and the last move highlight', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const x = async (selector: string) => (await page.locator(selector).first().boundingBox())!.x;
  expect(await x('[data-zone="stock"]')).toBeLessThan(await x('.waste-pile'));
  const h1 = await x('h1');
  expect(h1).toBeLessThanOrEqual(await x('.toolbar'));

  const dialog = await openSettings(game);
  await dialog.getByLabel('Left-handed').check();
  await dialog.getByLabel('Zen mode').check();
  await dialog.getByLabel('Highlight last move').check();
  await page.keyboard.press('Escape');
  expect(await x('[data-zone="stock"]')).toBeGreaterThan(await x('.waste-pile'));
  expect(await x('h1')).toBeGreaterThan(h1);
  expect(await x('h1')).toBeGreaterThan(await x('.toolbar'));
  for (const counter of [game.moves, game.time, game.score]) await expect(counter).toBeHidden();
  await expect(game.pass).toBeVisible();

  // Zen mode only hides: the moves still count.
  const solved = solveDeal(1, 'classic');
  const line = solved.moves.split(' ');
  const pyramid = solved.cards.split(' ').slice(0, 28);
  await game.play(line[0]);
  await expect(game.moves).toHaveText('1');
  if (line[0] === 'D') {
    await expect(page.locator('.waste-pile.last-move')).toHaveCount(1);
    expect(await style(page, '.waste-pile', 'outline-style')).toBe('solid');
  }
  // A removal outlines the slots its cards left.
  const removal = line.findIndex((m) => m !== 'D' && m !== 'R');
  for (let i = 1; i <= removal; i++) {
    await game.play(line[i]);
    await expect(game.moves).toHaveText(String(i + 1));
  }
  const fromPyramid = line[removal].split('+').filter((c) => pyramid.includes(c));
  expect(fromPyramid.length).toBeGreaterThan(0);
  await expect(page.locator('.slot.last-move')).toHaveCount(fromPyramid.length);
  expect(await style(page, '.slot.last-move', 'border-top-style', '::before')).toBe('dashed');
  // Undo moves the highlight back to the move before.
  await game.button('Undo').click();
  await expect(page.locator('.slot.last-move')).toHaveCount(0);

  await page.reload();
  await game.dealt();
  expect(await rootHas(page, 'left-handed')).toBe(true);
  expect(await rootHas(page, 'zen')).toBe(true);
  expect(await rootHas(page, 'highlight-last-move')).toBe(true);
  await expect(game.moves).toBeHidden();
});

test('large cards: rank and suit twice the size, all 28 cards on screen at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const rankSize = () =>
    page.locator('[data-zone="pyramid"] .rank').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const suitSize = () =>
    page.locator('[data-zone="pyramid"] .suit').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const normalRank = await rankSize();
  const normalSuit = await suitSize();
  await withSettings(game, { large_cards: true });
  expect(await rootHas(page, 'large-cards')).toBe(true);
  expect(await rankSize()).toBeGreaterThanOrEqual(2 * normalRank - 0.01);
  expect(await suitSize()).toBeGreaterThanOrEqual(2 * normalSuit - 0.01);
  await page.locator('.pyramid').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const boxes = await game.pyramidCards().evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
  );
  expect(boxes).toHaveLength(28);
  for (const b of boxes) {
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.top).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(360);
    expect(b.bottom).toBeLessThanOrEqual(740);
  }
  expect(await game.hasHorizontalOverflow()).toBe(false);
  // The rank of a covered card is not hidden by the card below it.
  const covered = page.locator('[data-zone="pyramid"][data-row="5"] .rank').first();
  const rank = (await covered.boundingBox())!;
  const below = (await page.locator('[data-zone="pyramid"][data-row="6"]').first().boundingBox())!;
  expect(rank.y + rank.height).toBeLessThanOrEqual(below.y + 1);
});

test('a corrupt settings value falls back to the defaults, kept under a backup key, with a notice', async ({ page }) => {
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  for (const bad of ['{"version":1,"theme":', '{"version":9,"theme":"dark"}']) {
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [SETTINGS_KEY, bad]);
    await page.reload();
    await game.dealt();
    await expect(game.message).toContainText('The saved settings could not be read');
    await expect(page.getByTestId('data-notice')).toContainText('settings are back to their defaults');
    expect(await rootAttr(page, 'data-theme')).toBe('light');
    const backups = await page.evaluate(() => {
      const found: string[] = [];
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        if (key.startsWith('pyramid.backup.settings.')) found.push(localStorage.getItem(key)!);
      }
      return found;
    });
    expect(backups).toContain(bad);
    expect(await page.evaluate((k) => localStorage.getItem(k), SETTINGS_KEY)).toBeNull();
  }
  // The next change writes a fresh, readable document.
  const dialog = await openSettings(game);
  await dialog.getByLabel('Zen mode').check();
  const saved = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), SETTINGS_KEY))!);
  expect(saved).toMatchObject({ version: 1, zen: true, theme: 'system' });
});

test('Sound: M and the toolbar toggle it, it persists, and no AudioContext exists before a gesture', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { AudioContext: typeof AudioContext; audioContexts: number };
    w.audioContexts = 0;
    const Real = w.AudioContext;
    w.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        w.audioContexts++;
      }
    };
  });
  const contexts = () => page.evaluate(() => (window as unknown as { audioContexts: number }).audioContexts);
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const sound = game.button('Sound');
  // Off by default: a draw makes no sound.
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  expect(await contexts()).toBe(0);
  // M turns it on (and the key press is the gesture that allows sound).
  await page.keyboard.press('m');
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  await expect(game.message).toContainText('Sound on');
  expect(await contexts()).toBe(1);
  await game.stock.click();
  await expect(game.moves).toHaveText('2');
  expect(await contexts()).toBe(1);

  // After a reload sound is still on, but nothing is created until a gesture.
  await page.reload();
  await game.dealt();
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  expect(await contexts()).toBe(0);
  // A page without a user gesture makes no sound: stand in for the
  // browser's sticky activation (Playwright's own calls count as gestures).
  await page.evaluate(() =>
    Object.defineProperty(navigator, 'userActivation', { configurable: true, value: { hasBeenActive: false } }),
  );
  await game.stock.click();
  await expect(game.moves).toHaveText('3');
  expect(await contexts()).toBe(0);
  await page.evaluate(() => delete (navigator as unknown as { userActivation?: unknown }).userActivation);
  await game.stock.click();
  await expect(game.moves).toHaveText('4');
  expect(await contexts()).toBe(1);

  // The toolbar button and the setting are one.
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  const dialog = await openSettings(game);
  await expect(dialog.getByLabel('Sound')).not.toBeChecked();
  await dialog.getByLabel('Sound').check();
  await page.keyboard.press('Escape');
  await expect(sound).toHaveAttribute('aria-pressed', 'true');
  // Keys are the dialog's until it has closed (keyboard.rs).
  await expect(dialog).toBeHidden();
  await page.keyboard.press('M');
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await game.dealt();
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
});

for (const theme of ['light', 'dark']) {
  for (const variant of ['normal', 'large cards', 'high contrast']) {
    test(`axe: no serious or critical violations, ${theme} theme, ${variant}`, async ({ page }) => {
      test.setTimeout(180_000);
      const game = new PyramidPage(page);
      await game.open(1, 'classic');
      await withSettings(game, {
        theme,
        large_cards: variant === 'large cards',
        high_contrast: variant === 'high contrast',
        highlight_last_move: true,
        four_colour: variant === 'high contrast',
      });
      expect(await rootAttr(page, 'data-theme')).toBe(theme);
      await game.stock.click();
      await expect(game.moves).toHaveText('1');
      expect(await seriousViolations(page)).toEqual([]);
      if (variant === 'normal') {
        await openSettings(game);
        expect(await seriousViolations(page)).toEqual([]);
      }
    });
  }
}

for (const [width, height] of [
  [360, 740],
  [768, 1024],
  [1920, 1080],
]) {
  test(`screenshots at ${width}x${height}: light, dark, large cards`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    const game = new PyramidPage(page);
    await game.open(1, 'classic');
    for (const [name, settings] of [
      ['light', { theme: 'light' }],
      ['dark', { theme: 'dark', highlight_last_move: true }],
      ['large', { theme: 'light', large_cards: true }],
      ['large-dark', { theme: 'dark', large_cards: true, table: 'wine', card_back: 'tartan' }],
    ] as const) {
      await withSettings(game, settings);
      await game.dealt();
      expect(await game.hasHorizontalOverflow()).toBe(false);
      await shot(page, testInfo, `${name}-${width}x${height}`);
    }
    await withSettings(game, { theme: 'dark' });
    await openSettings(game);
    await shot(page, testInfo, `settings-dark-${width}x${height}`);
  });
}
