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

type Step = 'hint' | 'escape' | 'where-lost' | 'new-deal' | 'show-win';

/**
 * Runs `count` pairs of steps in the page itself, each followed by a wait of
 * 0 to 50 ms: from the test, each step would cost a round trip, and the
 * fastest pairs (the ones that end a worker still loading) would not happen.
 */
async function pairs(page: Page, first: Step, second: Step, count: number) {
  await page.evaluate(
    async ({ first, second, count }) => {
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const key = (key: string) =>
        document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      const button = (name: string, within = document.body) =>
        [...within.querySelectorAll('button')].find(
          (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name && !b.disabled,
        );
      const until = async <T>(find: () => T | undefined): Promise<T | undefined> => {
        for (let i = 0; i < 200; i++) {
          const found = find();
          if (found) return found;
          await wait(10);
        }
        return undefined;
      };
      const openDialog = () => document.querySelector<HTMLElement>('dialog[open]') ?? undefined;
      const step = async (what: string) => {
        switch (what) {
          case 'hint':
            key('h');
            break;
          case 'where-lost':
            key('w');
            break;
          case 'escape':
            // Esc cancels a search or stops a replay; a dialog already
            // showing an answer is closed by its button (a synthetic Esc
            // does not close a dialog).
            key('Escape');
            button('Close', openDialog())?.click();
            break;
          case 'new-deal': {
            key('n');
            const dialog = await until(openDialog);
            (await until(() => button('Deal', dialog)))?.click();
            break;
          }
          case 'show-win':
            (await until(() => button('Show me a win')))?.click();
            break;
        }
        await wait(Math.random() * 50);
      };
      for (let i = 0; i < count; i++) {
        await step(first);
        await step(second);
      }
    },
    { first, second, count },
  );
}

/** The hint's answer for the position on the table, whatever it is. */
const HINT_ANSWER = /^(Hint: .+|This deal can no longer be won from here|No hint found in time)$/;

test('a solver whose code cannot load is noticed at once, retried, and answers once it loads', async ({ page }) => {
  // The failed fetches are the worker's, not the page's: the page itself
  // logs no error and throws none.
  const errors = collectErrors(page);
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
  expect(errors).toEqual([]);
});

test('a hint cancelled 50 times never throws, and the next hint answers', async ({ page }) => {
  const errors = collectErrors(page);
  const game = new PyramidPage(page);
  // Deal 21 can not be won under classic rules: its hint is never cached,
  // so every press asks the worker.
  await game.open(21, 'classic');
  await pairs(page, 'hint', 'escape', 50);
  await expect(page.getByTestId('thinking')).toHaveCount(0);
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(HINT_ANSWER, { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

test('a hint overtaken by a new deal 50 times never throws, and the next hint answers', async ({ page }) => {
  const errors = collectErrors(page);
  const game = new PyramidPage(page);
  await game.open(21, 'classic');
  await pairs(page, 'hint', 'new-deal', 50);
  await expect(game.dialog('New deal')).toHaveCount(0);
  await expect(page.getByTestId('thinking')).toHaveCount(0, { timeout: 30_000 });
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(HINT_ANSWER, { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

test('"show me a win" stopped 50 times never throws, and the next hint answers', async ({ page }) => {
  const errors = collectErrors(page);
  const game = new PyramidPage(page);
  await game.open(1, 'classic');
  await pairs(page, 'show-win', 'escape', 50);
  // A replay that started after the last Esc is stopped here.
  await expect(page.getByTestId('thinking')).toHaveCount(0, { timeout: 30_000 });
  if (await page.getByTestId('replay').isVisible()) await page.keyboard.press('Escape');
  await expect(page.getByTestId('replay')).toHaveCount(0);
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(/^Hint: /, { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

test('"where did I lose?" cancelled 50 times never throws, and the next hint answers', async ({ page }) => {
  const errors = collectErrors(page);
  const game = new PyramidPage(page);
  await game.open(21, 'classic');
  await pairs(page, 'where-lost', 'escape', 50);
  await expect(page.getByTestId('thinking')).toHaveCount(0, { timeout: 30_000 });
  const answer = game.dialog('Where did I lose?');
  if (await answer.isVisible()) await answer.getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('h');
  await expect(game.message).toHaveText(HINT_ANSWER, { timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

// A position the solver proved lost stays lost whatever is played after it,
// so the hints there answer at once, without a question to the worker,
// until an undo goes back before it.
test('after a lost verdict, the hints that follow ask the worker nothing until an undo', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as any;
    w.__hintQuestions = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: any, ...rest: any[]) {
      if (typeof message === 'string' && message.includes('"Hint"')) w.__hintQuestions += 1;
      return (post as any).call(this, message, ...rest);
    };
  });
  const game = new PyramidPage(page);
  const questions = () => page.evaluate(() => (window as any).__hintQuestions as number);
  await game.open(16, 'hard');
  await game.stock.click();
  await game.button('Hint').click();
  await expect(game.message).toHaveText('This deal can no longer be won from here');
  expect(await questions()).toBe(1);
  await game.stock.click();
  await expect(game.moves).toHaveText('2');
  await game.button('Hint').click();
  await expect(game.message).toHaveText('This deal can no longer be won from here');
  expect(await questions()).toBe(1);
  await game.button('Undo').click();
  await game.button('Undo').click();
  await expect(game.moves).toHaveText('0');
  await game.button('Hint').click();
  await expect(game.message).toHaveText('This deal can no longer be won from here');
  expect(await questions()).toBe(2);
});
