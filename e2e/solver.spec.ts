// The boundary between the page and the solver's worker: a worker whose
// code cannot load is noticed at once and retried, and questions ended in
// every way (a cancel, a newer question, a new deal, a stopped replay) never
// throw on the page, and a later question still answers.
import { expect, test, type Page } from '@playwright/test';
import { PyramidPage } from './pyramid-page';

/** Every page error and console error from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return errors;
}

/** A wait of 0 to 50 ms. */
function jitter(page: Page) {
  return page.waitForTimeout(Math.floor(Math.random() * 51));
}

/** The hint's answer for the position on the table, whatever it is. */
const HINT_ANSWER = /^(Hint: .+|This deal can no longer be won from here|No hint found in time)$/;

test('a solver whose code cannot load is noticed at once, retried, and answers once it loads', async ({ page }) => {
  let broken = true;
  const wasmRequests: number[] = [];
  await page.context().route('**/solver-worker_bg.wasm', async (route) => {
    if (broken) {
      wasmRequests.push(Date.now());
      await route.fulfill({ status: 500, body: 'server error' });
    } else {
      await route.continue();
    }
  });
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const asked = Date.now();
  await page.keyboard.press('h');
  // The player hears at once, not after the 20 s timeout.
  await expect(game.message).toHaveText(
    'No answer: the solver could not load, so hints are unavailable for now.',
    { timeout: 5_000 },
  );
  expect(Date.now() - asked).toBeLessThan(5_000);
  await expect(page.getByTestId('thinking')).toHaveCount(0);
  // Without a question, the page starts the worker again by itself, with
  // waits that grow: a few tries in seconds, not a tight loop.
  const tried = wasmRequests.length;
  await expect.poll(() => wasmRequests.length, { timeout: 10_000 }).toBeGreaterThan(tried);
  await page.waitForTimeout(3_000);
  expect(wasmRequests.length).toBeLessThan(tried + 10);
  // The server is back: the next hint answers.
  broken = false;
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(/^Hint: /, { timeout: 30_000 });
  await expect(page.locator('[data-hint="true"]').first()).toBeVisible();
});

test('a hint cancelled 50 times at once never throws, and the next hint answers', async ({ page }) => {
  const errors = collectErrors(page);
  const game = new PyramidPage(page);
  // Deal 21 can not be won under classic rules: its hint is never cached,
  // so every press asks the worker.
  await game.open(21, 'classic');
  for (let i = 0; i < 50; i++) {
    await page.keyboard.press('h');
    await jitter(page);
    await page.keyboard.press('Escape');
    await jitter(page);
  }
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(HINT_ANSWER, { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

test('a hint overtaken by a new deal never throws, and the next hint answers', async ({ page }) => {
  const errors = collectErrors(page);
  const game = new PyramidPage(page);
  await game.open(21, 'classic');
  const dialog = game.dialog('New deal');
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('h');
    await jitter(page);
    await page.keyboard.press('n');
    await dialog.getByRole('button', { name: 'Deal' }).click();
    await expect(dialog).toHaveCount(0);
    await jitter(page);
  }
  await expect(page.getByTestId('thinking')).toHaveCount(0, { timeout: 30_000 });
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(HINT_ANSWER, { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

test('"show me a win" stopped 20 times never throws, and the next hint answers', async ({ page }) => {
  const errors = collectErrors(page);
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  const bar = page.getByTestId('replay');
  for (let i = 0; i < 20; i++) {
    await game.button('Show me a win').click();
    await jitter(page);
    // Esc cancels the search, or stops the replay once it runs.
    await page.keyboard.press('Escape');
    await expect(bar).toHaveCount(0);
    await jitter(page);
  }
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(/^Hint: /, { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

test('"where did I lose?" cancelled 20 times never throws, and the next hint answers', async ({ page }) => {
  const errors = collectErrors(page);
  const game = new PyramidPage(page);
  await game.open(21, 'classic');
  const answer = game.dialog('Where did I lose?');
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('w');
    await jitter(page);
    // Esc cancels the search, or closes its answer once it is shown.
    await page.keyboard.press('Escape');
    await expect(answer).toHaveCount(0);
    await jitter(page);
  }
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(HINT_ANSWER, { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});
