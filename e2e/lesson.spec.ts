// The guided first round: offered on a first visit, followed by taps or by
// the keyboard to its win, skipped, resumed after a reload, never counted.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PyramidPage, stat } from './pyramid-page';

const callout = (page: Page) => page.locator('.lesson');
const marked = (page: Page) => page.locator('[data-lesson="true"]');

/** Opens the page as a first visit and starts the lesson from its offer. */
async function startLesson(game: PyramidPage) {
  await game.page.goto('/');
  await game.button('Show me how').click();
  await expect(callout(game.page)).toBeVisible();
  await expect(game.page).toHaveURL(/deal=11&rules=classic/);
}

type Step = 'stock' | string[];

/**
 * What the step asks for: the marked stock, or the marked cards' codes,
 * once the marks agree with what the live region says to do (the marks
 * follow the move a frame later).
 */
async function taught(game: PyramidPage): Promise<Step> {
  let step: Step = [];
  await expect
    .poll(async () => {
      const zones = await marked(game.page).evaluateAll((els) =>
        els.map((e) => e.getAttribute('data-card') ?? e.getAttribute('data-zone') ?? ''),
      );
      step = zones.includes('stock') ? 'stock' : zones;
      const said = (await game.message.textContent()) ?? '';
      if (step === 'stock') return /Draw a card|Turn the waste over/.test(said);
      // "Pair the … with the …" names two cards, "Remove the …" one.
      if (step.length !== (said.includes('Pair the') ? 2 : 1)) return false;
      for (const code of step) {
        // "6♥, 6 of hearts": the words after the face.
        const name = (await game.card(code).getAttribute('aria-label'))?.split(', ')[1];
        if (!name || !said.includes(name)) return false;
      }
      return true;
    })
    .toBe(true);
  return step;
}

async function playStep(game: PyramidPage, step: Step) {
  if (step === 'stock') await game.stock.click();
  else for (const code of step) await game.card(code).click();
}

/** Plays the lesson to its win, one step at a time, with `play`. */
async function followLesson(game: PyramidPage, play: (step: Step) => Promise<void>) {
  for (let moves = 0; moves < 80; moves++) {
    await play(await taught(game));
    await expect(game.moves).toHaveText(String(moves + 1));
    if ((await game.message.textContent())?.includes('You won!')) return;
  }
  throw new Error('the lesson did not end in 80 moves');
}

test('a first visit offers the lesson, and taps following it win its deal', async ({ page }) => {
  test.setTimeout(180_000);
  const game = new PyramidPage(page);
  await startLesson(game);
  await expect(game.pass).toHaveText('Pass 1 of 3');
  await followLesson(game, (step) => playStep(game, step));
  // The lesson turned the waste over once.
  await expect(game.pass).toHaveText('Pass 2 of 3');
  await expect(game.dialog('You won!')).toBeVisible();
  await expect(callout(page)).toHaveCount(0);
  // Never counted: the statistics stay empty, here and in storage.
  await expect(stat(page, 'Played')).toHaveText('0');
  expect(await page.evaluate(() => localStorage.getItem('pyramid.stats'))).toBeNull();
});

test('the lesson by keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const game = new PyramidPage(page);
  await page.goto('/');
  const offer = game.button('Show me how');
  await expect(offer).toBeVisible();
  // The offer does not take the focus; Tab reaches it.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  for (let i = 0; i < 30 && !(await offer.evaluate((e) => e === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(offer).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(callout(page)).toBeVisible();
  // The focus stays on the table.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.table'))).toBe(true);
  await followLesson(game, async (step) => {
    if (step === 'stock') {
      await page.keyboard.press('d');
    } else {
      for (const [i, code] of step.entries()) {
        const card = game.card(code);
        await card.focus();
        await expect(card).toBeFocused();
        await page.keyboard.press('Enter');
        if (i === 0 && step.length === 2) await expect(card).toHaveAttribute('aria-pressed', 'true');
      }
    }
  });
  await expect(stat(page, 'Played')).toHaveText('0');
});

test('an untaught move is refused gently; an illegal one gets its reason', async ({ page }) => {
  const game = new PyramidPage(page);
  await startLesson(game);
  const first = await taught(game);
  expect(first).not.toBe('stock');
  // Reduced motion (the tests' default): the marks hold still.
  expect(await marked(page).first().evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
  // A draw is legal, but not what the first step teaches.
  await game.stock.click();
  await expect(game.message).toHaveText('Try the highlighted cards');
  await expect(game.moves).toHaveText('0');
  // A covered card gets the usual reason.
  await page.locator('[data-zone="pyramid"][aria-disabled="true"]').first().click({ force: true });
  await expect(game.message).toContainText('is covered');
  for (const code of first as string[]) await game.card(code).click();
  await expect(game.moves).toHaveText('1');
  // The next step shows a covered card, by name, and why it must wait.
  await expect(callout(page)).toHaveAttribute('data-step', '2');
  const why = await callout(page)
    .locator('.lesson-do')
    .evaluate((e) => getComputedStyle(e, '::before').content);
  expect(why).toContain('The king of diamonds is covered');
});

test('skipping the lesson leaves a normal deal', async ({ page }) => {
  const game = new PyramidPage(page);
  await startLesson(game);
  for (const code of (await taught(game)) as string[]) await game.card(code).click();
  await expect(game.moves).toHaveText('1');
  await game.button('Skip the lesson').click();
  await expect(callout(page)).toHaveCount(0);
  await expect(marked(page)).toHaveCount(0);
  await expect(game.moves).toHaveText('0');
  await expect(game.button('Show me how')).toHaveCount(0);
  // A normal round: a draw is played, and nothing was counted.
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  await expect(stat(page, 'Played')).toHaveText('0');
});

test('declining keeps the deal, and a reload does not offer again', async ({ page }) => {
  const game = new PyramidPage(page);
  await page.goto('/');
  const deal = await game.pyramidCodes();
  await game.button('No thanks').click();
  await expect(game.button('Show me how')).toHaveCount(0);
  expect(await game.pyramidCodes()).toEqual(deal);
  await page.reload();
  await game.dealt();
  await expect(page.locator('.stats-panel')).toBeVisible();
  // The later module is in once the statistics' buttons are.
  await expect(game.button('Export')).toBeVisible();
  await expect(game.button('Show me how')).toHaveCount(0);
});

test('a reload during the lesson resumes it at its step', async ({ page }) => {
  const game = new PyramidPage(page);
  await startLesson(game);
  for (let i = 0; i < 3; i++) {
    const step = await taught(game);
    await playStep(game, step);
    await expect(game.moves).toHaveText(String(i + 1));
  }
  const before = await taught(game);
  await page.reload();
  await expect(callout(page)).toBeVisible();
  await expect(game.moves).toHaveText('3');
  expect(await taught(game)).toEqual(before);
  await playStep(game, before);
  await expect(game.moves).toHaveText('4');
});

for (const [width, height] of [
  [360, 740],
  [768, 1024],
  [1920, 1080],
]) {
  test(`the offer and the callout never cover the cards, ${width}x${height}`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    const game = new PyramidPage(page);
    await page.goto('/');
    const offer = (await page.locator('.lesson-offer').boundingBox())!;
    for (const card of await page.locator('[data-card], [data-zone="stock"]').all()) {
      const t = (await card.boundingBox())!;
      expect(t.y + t.height <= offer.y || t.x + t.width <= offer.x || t.x >= offer.x + offer.width).toBe(true);
    }
    await testInfo.attach(`offer-${width}`, { body: await page.screenshot(), contentType: 'image/png' });
    await game.button('Show me how').click();
    await expect(callout(page)).toBeVisible();
    for (let i = 0; i < 5; i++) {
      const step = await taught(game);
      const box = (await callout(page).boundingBox())!;
      // The cards it points at, and every other card on the table.
      const cards = await page.locator('[data-card], [data-zone="stock"]').all();
      for (const target of cards) {
        const t = (await target.boundingBox())!;
        const overlaps =
          t.x < box.x + box.width && box.x < t.x + t.width && t.y < box.y + box.height && box.y < t.y + t.height;
        expect(overlaps).toBe(false);
      }
      const shot = await page.screenshot({ path: testInfo.outputPath(`lesson-${width}-${i}.png`) });
      await testInfo.attach(`lesson-${width}-${i}`, { body: shot, contentType: 'image/png' });
      await playStep(game, step);
      await expect(game.moves).toHaveText(String(i + 1));
    }
  });
}

// A first visit keeps room for the offer at the foot of a narrow window
// (marked before the first paint, so nothing moves when it comes), and a
// phone on its side shows it over the counters: in every layout of the
// family it covers no card, even where the height sizes the cards. The
// visit after has the room back.
// One test a window size, so that each stays well inside its time on a busy
// machine (four fresh contexts, each loaded twice).
for (const [width, height] of [[768, 1024], [1024, 768], [1366, 768], [360, 740], [740, 360], [667, 375]]) {
  test(`the offer covers no card in any layout, and the next visit has its room back, ${width}x${height}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const baseURL = test.info().project.use.baseURL;
    for (const rules of ['classic', 'apophis', 'kingtut', 'giza']) {
      const context = await browser.newContext({ baseURL, viewport: { width, height }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const game = new PyramidPage(page);
      await page.goto(`/?deal=5&rules=${rules}`);
      await expect(page.locator('.lesson-offer')).toBeVisible();
      await expect(game.pyramidCards()).toHaveCount(28);
      const offer = (await page.locator('.lesson-offer').boundingBox())!;
      const cards = await page.locator('[data-card], [data-zone="stock"]').evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
      );
      for (const t of cards) {
        const overlaps =
          t.x < offer.x + offer.width && offer.x < t.x + t.width && t.y < offer.y + offer.height && offer.y < t.y + t.height;
        expect(overlaps, `${rules} at ${width}x${height}`).toBe(false);
      }
      await page.reload();
      await expect(game.pyramidCards()).toHaveCount(28);
      await expect(page.locator('html')).not.toHaveClass(/first-visit/);
      await expect(page.locator('.lesson-offer')).toHaveCount(0);
      await context.close();
    }
  });
}

test('no axe violations on the offer and the callout', async ({ page }) => {
  const game = new PyramidPage(page);
  await page.goto('/');
  await expect(game.button('Show me how')).toBeVisible();
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  const offer = await new AxeBuilder({ page }).include('.lesson-offer').withTags(tags).analyze();
  expect(offer.violations.map((v) => v.id)).toEqual([]);
  await game.button('Show me how').click();
  await expect(callout(page)).toBeVisible();
  for (let step = 0; step < 4; step++) {
    const results = await new AxeBuilder({ page }).include('.lesson').withTags(tags).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    await playStep(game, await taught(game));
    await expect(game.moves).toHaveText(String(step + 1));
  }
});

test('How to play starts the lesson again at any time', async ({ page }) => {
  const game = new PyramidPage(page);
  await page.goto('/');
  await game.button('No thanks').click();
  await game.stock.click();
  await expect(game.moves).toHaveText('1');
  await page.keyboard.press('F1');
  const dialog = game.dialog('How to play');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Show me how' }).click();
  await expect(dialog).toBeHidden();
  await expect(callout(page)).toBeVisible();
  await expect(page).toHaveURL(/deal=11&rules=classic/);
  await expect(game.moves).toHaveText('0');
  await expect(marked(page).first()).toBeVisible();
});
