// A small page object for the Pyramid Solitaire page, plus the pyramid-solver CLI.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

const SOLVER = path.join(__dirname, '..', 'target', 'release', 'pyramid-solver');

export interface Solved {
  deal: number | null;
  cards: string;
  rules: string;
  result: 'win' | 'loss' | 'unknown';
  moves: string;
}

/** Runs `pyramid-solver --deal N --rules ID` and parses its JSON line. */
export function solveDeal(deal: number, rules = 'classic'): Solved {
  const out = execFileSync(SOLVER, ['--deal', String(deal), '--rules', rules], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n')[0]) as Solved;
}

/**
 * Holds every request for the solver workers' code until the returned
 * function is called: the player's and the background lane's workers start
 * together and either may ask first, so a question stays in hand meanwhile.
 */
export async function holdWorkerCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.context().route('**/solver-worker_bg.wasm', async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

/** The figure next to `name` in the statistics panel. */
export function stat(page: Page, name: string): Locator {
  return page
    .locator('.stats-panel dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd');
}

export class PyramidPage {
  readonly message: Locator;
  readonly stock: Locator;
  readonly moves: Locator;
  readonly time: Locator;
  readonly pass: Locator;
  readonly score: Locator;

  constructor(readonly page: Page) {
    this.message = page.locator('[role="status"]');
    this.stock = page.locator('[data-zone="stock"]');
    this.moves = page.getByTestId('moves');
    this.time = page.getByTestId('time');
    this.pass = page.getByTestId('pass');
    this.score = page.getByTestId('score');
  }

  /** Opens `?deal=N&rules=ID` and waits for the pyramid. */
  async open(deal?: number, rules?: string, extra = '') {
    const params = new URLSearchParams();
    if (deal !== undefined) params.set('deal', String(deal));
    if (rules !== undefined) params.set('rules', rules);
    const query = params.toString();
    await this.page.goto(`/${query ? `?${query}` : ''}${extra}`);
    await this.dealt();
  }

  /**
   * Waits for the whole pyramid: the table deals its cards a few a task
   * after it comes up (`.revealing` until the last), so a count or a list
   * of the cards read before then is short.
   */
  async dealt() {
    await expect(this.page.locator('.app .pyramid:not(.revealing)')).toBeVisible();
    await expect(this.page.locator('[data-zone="pyramid"]').first()).toBeVisible();
  }

  card(code: string): Locator {
    return this.page.locator(`[data-card="${code}"]`);
  }

  pyramidCards(): Locator {
    return this.page.locator('[data-zone="pyramid"]');
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Clicks a toolbar button, through the More menu on a narrow screen. */
  async action(name: string) {
    const button = this.button(name);
    if (!(await button.isVisible())) await this.button('More').click();
    await button.click();
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async pyramidCodes(): Promise<string[]> {
    await this.dealt();
    return this.pyramidCards().evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
  }

  /**
   * Clicks a card near the middle of its top edge, the part no other card
   * lies on: a pyramid card under one card (overlap pairs) still shows it,
   * and a fanned pile's cards show their tops.
   */
  async tap(code: string) {
    const card = this.card(code);
    const box = await card.boundingBox();
    await card.click(box ? { position: { x: box.width / 2, y: Math.min(box.height / 5, 12) } } : {});
  }

  /** Plays one move in the CLI's notation by clicking: D, R, KS, 5C+8D. */
  async play(move: string) {
    if (move === 'D' || move === 'R') {
      await this.stock.click();
    } else if (move.includes('+')) {
      const [a, b] = move.split('+');
      await this.tap(a);
      await this.tap(b);
    } else {
      await this.tap(move);
    }
  }

  async playLine(line: string) {
    const moves = line.split(' ').filter(Boolean);
    for (const [i, move] of moves.entries()) {
      await this.play(move);
      await expect(this.moves).toHaveText(String(i + 1));
    }
  }

  /** Whether the page scrolls sideways. */
  async hasHorizontalOverflow(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  }
}
