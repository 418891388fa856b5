// Prints (does not assert) load-to-interactive, click-to-repaint, hint
// latency over positions from random play, the offline second load (served
// by the service worker), and the gzipped first-load size.
import { test, expect, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PyramidPage, solveDeal } from './pyramid-page';
import { traceLoad, traceStartup } from './startup-trace';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One step of seeded random play with a hint at each position: asks for a
 * hint, times it to the frame after the answer shows, then plays a random
 * move (a random legal pair, or King in the sum-13 games, half the time,
 * else a draw). `adjacent` is Cheops's pairing (equal or adjacent ranks).
 * The step runs inside the page with DOM clicks, which never wait: a card
 * that has just gone, or a dialog over the board, cannot stall it.
 */
function hintStep(page: Page, seed: number, adjacent: boolean): Promise<{ ms: number; over: boolean; answer?: string }> {
  return page.evaluate(
    ({ seed, adjacent }) =>
      new Promise<{ ms: number; over: boolean; answer?: string }>((resolve) => {
        // mulberry32: the same positions on every run.
        let state = seed >>> 0;
        const random = () => {
          state = (state + 0x6d2b79f5) >>> 0;
          let t = state;
          t = Math.imul(t ^ (t >>> 15), t | 1);
          t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
          return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
        };
        const hint = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Hint');
        if (!hint || hint.disabled || document.querySelector('dialog[open]')) {
          resolve({ ms: -1, over: true });
          return;
        }
        const message = document.querySelector('[data-testid="message"]')!;
        const before = message.textContent;
        const t0 = performance.now();
        // The hint comes from the solver's worker: wait for its answer
        // on the page (the message changes), then for the next frame.
        const answered = new Promise<void>((done) => {
          const observer = new MutationObserver(() => {
            if (message.textContent !== before) {
              observer.disconnect();
              done();
            }
          });
          observer.observe(message, { childList: true, characterData: true, subtree: true });
          setTimeout(() => {
            observer.disconnect();
            done();
          }, 10_000);
        });
        hint.click();
        answered.then(() => requestAnimationFrame(() => {
          const ms = performance.now() - t0;
          const answer = message.textContent ?? '';
          // A random move: a random legal pair (or King) half the time, else a draw.
          const rank = (code: string) => 'A23456789TJQK'.indexOf(code[0]) + 1;
          const available = [...document.querySelectorAll<HTMLElement>('[data-card]:not([aria-disabled="true"])')];
          const moves: HTMLElement[][] = [];
          for (const [i, a] of available.entries()) {
            const ra = rank(a.dataset.card!);
            if (ra === 13 && !adjacent) moves.push([a]);
            for (const b of available.slice(i + 1)) {
              const rb = rank(b.dataset.card!);
              if (adjacent ? Math.abs(ra - rb) <= 1 : ra + rb === 13) moves.push([a, b]);
            }
          }
          // (Giza has no stock: there, always a pair.)
          const stock = document.querySelector<HTMLElement>('[data-zone="stock"]:not([hidden])');
          if (moves.length > 0 && (random() < 0.5 || !stock)) {
            for (const el of moves[Math.floor(random() * moves.length)]) el.click();
          } else if (stock) {
            stock.click();
          } else {
            resolve({ ms, over: true, answer });
            return;
          }
          resolve({ ms, over: false, answer });
        }));
      }),
    { seed, adjacent },
  );
}

test('measure', async ({ page, browser }) => {
  // It measures and asserts nothing: give a slow or busy machine all the time it needs.
  test.setTimeout(300_000);
  const game = new PyramidPage(page);

  const loads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = Date.now();
    await game.open(100 + i, 'classic');
    loads.push(Date.now() - t0);
  }

  // Click to repaint: the click's work (handler and DOM update, which Leptos
  // does synchronously) timed in the page, and whether the move counter has
  // already changed when the next frame starts (then that frame paints it).
  const repaints: number[] = [];
  let nextFrame = 0;
  for (let i = 0; i < 15; i++) {
    const { work, inNextFrame } = await page.evaluate(
      () =>
        new Promise<{ work: number; inNextFrame: boolean }>((resolve) => {
          const stock = document.querySelector<HTMLElement>('[data-zone="stock"]')!;
          const moves = document.querySelector('[data-testid="moves"]')!;
          const before = moves.textContent;
          const t0 = performance.now();
          stock.click();
          const work = performance.now() - t0;
          requestAnimationFrame(() => resolve({ work, inNextFrame: moves.textContent !== before }));
        }),
    );
    repaints.push(work);
    if (inNextFrame) nextFrame += 1;
  }

  // Hint latency: seeded random play from several deals, a hint at each
  // position. Each step runs inside the page with DOM clicks, which never
  // wait: a card that has just gone, or a dialog over the board, cannot stall it.
  const hints: number[] = [];
  for (let deal = 200; deal < 206; deal++) {
    await game.open(deal, 'classic');
    // As a player would: the first hint comes a moment after the board
    // (by then the grade, from the solver's other worker, is shown).
    await page.getByTestId('grade').filter({ hasText: 'of 5' }).waitFor();
    for (let step = 0; step < 12; step++) {
      const { ms, over } = await hintStep(page, deal * 100 + step, false);
      if (over) break;
      hints.push(ms);
    }
  }

  // Main-thread long tasks (> 50 ms) while the solver works on the hardest
  // positions known (the slowest deals of solver-bench, at their start and
  // after the first moves of a line): the search runs in the worker, so the
  // page should have none.
  const hard = [
    [5720, 'classic'],
    [915, 'classic'],
    [9266, 'traditional'],
    [5720, 'par'],
    [935, 'hard'],
  ] as const;
  let longTasks = 0;
  let longest = 0;
  let hardAnswers = 0;
  for (const [deal, rules] of hard) {
    await game.open(deal, rules);
    await page.evaluate(() => {
      (window as any).__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as any).__longTasks.push(e.duration);
      }).observe({ type: 'longtask' });
    });
    for (const action of ['Hint', 'Show me a win', 'Hint']) {
      await page.getByRole('button', { name: action, exact: true }).click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="thinking"]'), null, { timeout: 60_000 });
      if (action === 'Show me a win' && (await page.getByTestId('replay').count()) > 0) {
        await page.keyboard.press('Escape');
      }
      hardAnswers += 1;
      await page.locator('[data-zone="stock"]').click();
    }
    const tasks: number[] = await page.evaluate(() => (window as any).__longTasks);
    longTasks += tasks.length;
    longest = Math.max(longest, ...tasks, 0);
  }

  const baseURL = test.info().project.use.baseURL!;
  const offline = await measureSecondLoads(browser, baseURL, true);
  const online = await measureSecondLoads(browser, baseURL, false);

  const dist = path.join(__dirname, '..', 'dist');
  let gzipTotal = 0;
  let workerTotal = 0;
  let laterTotal = 0;
  const parts: string[] = [];
  // Everything the page fetches before the board is interactive: the
  // top-level build files and the favicon. The solver's worker
  // (solver-worker*) is fetched after, and counted apart; so is the later
  // module (later-*.wasm: the dialogs, the statistics, the banners, and
  // their styles, later.css; its loader, later-*.js, is imported by the
  // page's JS and counts).
  // The offline support (the service worker, assets/pwa.js, the manifest)
  // is fetched after the board is up too, and counted apart.
  let offlineTotal = 0;
  // rules.html, the rules of every game, is a page of its own: the How to
  // play dialog loads it when it opens (and the service worker caches it).
  let rulesTotal = 0;
  const afterBoard = ['sw.js', 'assets/pwa.js', 'assets/manifest.webmanifest'];
  for (const file of [...fs.readdirSync(dist), 'assets/favicon.svg', ...afterBoard.slice(1)]) {
    if (!/\.(html|js|wasm|css|svg|webmanifest)$/.test(file)) continue;
    const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    if (file.startsWith('solver-worker')) {
      workerTotal += size;
      continue;
    }
    if (/^later(-.*\.wasm|\.css)$/.test(file)) {
      laterTotal += size;
      continue;
    }
    if (file === 'rules.html') {
      rulesTotal += size;
      continue;
    }
    if (afterBoard.includes(file)) {
      offlineTotal += size;
      continue;
    }
    gzipTotal += size;
    parts.push(`${file}: ${(size / 1024).toFixed(1)} KiB`);
  }

  console.log('--- measurements ---');
  console.log(`load to interactive (goto → pyramid visible): p50 ${percentile(loads, 50)} ms, max ${Math.max(...loads)} ms`);
  console.log(`click to repaint (stock draw): work p50 ${percentile(repaints, 50).toFixed(1)} ms, p95 ${percentile(repaints, 95).toFixed(1)} ms; painted in the next frame ${nextFrame} of ${repaints.length}`);
  console.log(`hint latency over ${hints.length} positions: p50 ${percentile(hints, 50).toFixed(1)} ms, p95 ${percentile(hints, 95).toFixed(1)} ms, max ${Math.max(...hints).toFixed(1)} ms`);
  console.log(`main-thread long tasks while the worker solved ${hardAnswers} questions on the hardest deals: ${longTasks} (longest ${longest.toFixed(0)} ms)`);
  console.log(`first load gzipped: ${gzipTotal} bytes = ${(gzipTotal / 1000).toFixed(1)} kB = ${(gzipTotal / 1024).toFixed(1)} KiB (${parts.join(', ')}); the later module (dialogs, the statistics' figures, charts and buttons, banners, the solver's client), loaded after the board: ${laterTotal} bytes more; the solver's worker, loaded after: ${workerTotal} bytes more; the offline support (sw.js, pwa.js, manifest), loaded after: ${offlineTotal} bytes more; rules.html, loaded when How to play opens: ${rulesTotal} bytes`);
  for (const [what, loads] of [
    ['offline second load to interactive (service worker, no network)', offline],
    ['the same loads online, no service worker', online],
  ] as const) {
    const spread = (v: number[]) => `min ${Math.min(...v)}, p50 ${percentile(v, 50)}, max ${Math.max(...v)} ms`;
    console.log(`${what}: reload in the same tab ${spread(loads.reloads)} (in the page, navigation start → board: ${spread(loads.reloadsInPage)}); a new tab ${spread(loads.tabs)} (in the page ${spread(loads.tabsInPage)})`);
  }
});

/**
 * Hint latency in every game of the family: the named games and the six
 * custom sets whose published win rates docs/solver.md compares, three
 * deals each, a hint at each of up to twelve positions of seeded random
 * play (`hintStep`).
 */
test('hint latency in every game', async ({ page }) => {
  test.setTimeout(900_000);
  const game = new PyramidPage(page);
  const games = [
    'classic', 'easy', 'medium', 'hard', 'relaxed', 'traditional', 'par',
    'giza', 'kingtut', 'apophis', 'cheops',
    'custom-1-1-drawcard-pyramid-overlap', 'custom-1-1-drawcard-all-overlap', 'custom-u-1-drawcard-pyramid-overlap',
    'custom-1-1-drawcard-pyramid-no', 'custom-1-1-drawcard-all-no', 'custom-u-1-drawcard-pyramid-no',
  ];
  const rows: string[] = [];
  const all: number[] = [];
  const slowest: string[] = [];
  for (const rules of games) {
    const hints: number[] = [];
    for (let deal = 200; deal < 203; deal++) {
      await game.open(deal, rules);
      // As in the measure above: the first hint a moment after the grade.
      await page.getByTestId('grade').filter({ hasText: 'of 5' }).waitFor({ timeout: 30_000 }).catch(() => {});
      for (let step = 0; step < 12; step++) {
        const { ms, over, answer } = await hintStep(page, deal * 100 + step, rules === 'cheops');
        if (over) break;
        hints.push(ms);
        if (ms > 50) slowest.push(`${rules} deal ${deal} step ${step}: ${ms.toFixed(0)} ms, "${answer}"`);
      }
    }
    all.push(...hints);
    rows.push(`| \`${rules}\` | ${hints.length} | ${percentile(hints, 50).toFixed(0)} ms | ${percentile(hints, 95).toFixed(0)} ms | ${Math.max(...hints).toFixed(0)} ms |`);
  }
  console.log('--- hint latency per game (deals 200..=202, up to 12 positions each) ---');
  console.log('| game | hints | p50 | p95 | max |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`all games: ${all.length} hints, p95 ${percentile(all, 95).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms`);
  console.log(`hints over 50 ms (${slowest.length}):`);
  for (const line of slowest) console.log(`  ${line}`);
});

/**
 * The second load. Offline: one online load installs the service worker
 * (on the shared server's origin, in a context of its own that allows it),
 * then the context goes offline and the page loads from the worker's
 * cache. Online, for comparison: the same loads with service workers
 * blocked. Eight loads by a reload in the same tab, then eight in a new tab,
 * each timed as above (goto → pyramid visible) and, in the page, from the
 * navigation's start to the moment the board is in the DOM.
 */
async function measureSecondLoads(browser: Browser, baseURL: string, offline: boolean) {
  const context = await browser.newContext({
    serviceWorkers: offline ? 'allow' : 'block',
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-zone="stock"]')) {
        (window as any).__interactive = Math.round(performance.now());
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const inPage = (p: Page) => p.evaluate(() => (window as any).__interactive as number);
  let current = await context.newPage();
  await new PyramidPage(current).open(300, 'classic');
  if (offline) {
    await current.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    await context.setOffline(true);
  }

  const result = { reloads: [] as number[], reloadsInPage: [] as number[], tabs: [] as number[], tabsInPage: [] as number[] };
  for (let i = 0; i < 8; i++) {
    const t0 = Date.now();
    await current.reload();
    await current.locator('[data-zone="pyramid"]').first().waitFor();
    result.reloads.push(Date.now() - t0);
    result.reloadsInPage.push(await inPage(current));
  }
  for (let i = 0; i < 8; i++) {
    const next = await context.newPage();
    await current.close();
    const t0 = Date.now();
    await next.goto('/');
    await next.locator('[data-zone="pyramid"]').first().waitFor();
    result.tabs.push(Date.now() - t0);
    result.tabsInPage.push(await inPage(next));
    current = next;
  }
  await context.close();
  return result;
}

/**
 * The motion budgets: the frame interval and the main thread's long
 * tasks during each animation, with the CPU slowed 4× through the DevTools
 * protocol to model a mid-range phone. Each animation is recorded for a
 * fixed window from the input that starts it: every requestAnimationFrame
 * timestamp (the intervals between them) and every `longtask` entry.
 */
test.describe('motion under 4x CPU throttling', () => {
  test.use({ reducedMotion: 'no-preference', viewport: { width: 412, height: 915 } });

  test('measure motion', async ({ page }) => {
    test.setTimeout(300_000);
    const game = new PyramidPage(page);
    await page.addInitScript(() => {
      const w = window as any;
      w.__frames = [];
      w.__tasks = [];
      w.__recording = false;
      const frame = (t: number) => {
        if (w.__recording) w.__frames.push(t);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      new PerformanceObserver((list) => {
        if (w.__recording) for (const e of list.getEntries()) w.__tasks.push(e.duration);
      }).observe({ type: 'longtask' });
    });
    await game.open(1, 'classic');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Records `ms` from the input `start` makes, and sums it up.
    const record = async (what: string, start: () => Promise<unknown>, ms: number) => {
      await page.evaluate(() => {
        const w = window as any;
        w.__frames = [];
        w.__tasks = [];
        w.__recording = true;
      });
      await start();
      await page.waitForTimeout(ms);
      const { frames, tasks, animations } = await page.evaluate(() => {
        const w = window as any;
        w.__recording = false;
        return { frames: w.__frames as number[], tasks: w.__tasks as number[], animations: document.getAnimations().length };
      });
      const gaps = frames.slice(1).map((t, i) => t - frames[i]);
      console.log(
        `${what}: ${frames.length} frames; frame interval p50 ${percentile(gaps, 50).toFixed(1)} ms, p95 ${percentile(gaps, 95).toFixed(1)} ms, max ${Math.max(...gaps).toFixed(1)} ms; long tasks ${tasks.length}${tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : ''}; animations still running at the end: ${animations}`,
      );
    };

    console.log('--- motion, CPU throttled 4x (CDP Emulation.setCPUThrottlingRate), 412x915 ---');
    // The dialog is opened first: the deal-in starts with its Deal button.
    await game.button('New deal').click();
    await record('deal-in (the new-deal dialog\'s Deal)', () => game.dialog('New deal').getByRole('button', { name: 'Deal' }).click(), 1500);
    await game.open(1, 'classic');
    await page.waitForTimeout(1500);
    await record('pair removal (5♣ + 8♣ to the discard pile)', async () => {
      await game.card('5C').click();
      await game.card('8C').click();
    }, 1000);
    await record('draw (stock to waste)', () => game.stock.click(), 800);
    // The rest of the stock without motion, then the recycle with it.
    await page.evaluate(() => document.documentElement.setAttribute('data-motion', 'off'));
    for (let i = 0; i < 23; i++) await game.stock.click();
    await expect(game.stock).toHaveAttribute('aria-label', /0 cards|empty/i);
    await page.evaluate(() => document.documentElement.removeAttribute('data-motion'));
    await record('recycle (waste back under the stock)', () => game.stock.click(), 1000);
    // A win (on another deal: this tab would resume deal 1): every move
    // but the last without motion.
    await game.open(2, 'classic');
    const line = solveDeal(2, 'classic').moves.split(' ');
    await page.evaluate(() => document.documentElement.setAttribute('data-motion', 'off'));
    await game.playLine(line.slice(0, -1).join(' '));
    await page.evaluate(() => document.documentElement.removeAttribute('data-motion'));
    await record('win celebration (the winning move, the cascade)', () => game.play(line[line.length - 1]), 2500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});

/**
 * The start-up on a mid-range phone: Chromium's CPU slowed 4× (CDP), a
 * fresh page traced from the navigation to the first tap on the stock that
 * the board accepts. Prints every main-thread task of that span, the
 * longest, and where the time went; asserts nothing. Odd runs are first
 * visits (a context of their own, as Lighthouse loads the page: nothing
 * cached, so the browser compiles each wasm function on its first call);
 * even runs come back in the context of the run before (the compiled code
 * cached).
 */
test.describe('start-up under 4x CPU throttling', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('measure start-up', async ({ browser }) => {
    test.setTimeout(300_000);
    const baseURL = test.info().project.use.baseURL!;
    let context = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 } });
    console.log('--- start-up, CPU throttled 4x (CDP tracing), 412x915, navigation to the first accepted tap ---');
    const longest: number[] = [];
    // The page's own script: tasks whose largest part is its JavaScript and wasm.
    const longestScript: number[] = [];
    const longestCold: number[] = [];
    const longestWarm: number[] = [];
    for (let run = 1; run <= 6; run++) {
      const cold = run % 2 === 1;
      if (cold) {
        await context.close();
        context = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 } });
      }
      // A fresh tab each run; a new deal, so no round is resumed.
      const fresh = await context.newPage();
      const trace = await traceStartup(fresh, `/?deal=${run}&rules=classic`);
      await fresh.close();
      const tasks = trace.tasks.filter((t) => t.ms >= 1);
      const max = trace.tasks.reduce((a, t) => (t.ms > a.ms ? t : a), trace.tasks[0]);
      longest.push(max.ms);
      (cold ? longestCold : longestWarm).push(max.ms);
      const script = trace.tasks.filter((t) => t.top.startsWith('FunctionCall (pyramid.js)'));
      // (A load may have no task whose largest part is the page's script.)
      const maxScript = script.reduce((a, t) => (t.ms > a.ms ? t : a), { ms: 0, at: 0, top: '' });
      longestScript.push(maxScript.ms);
      console.log(
        `run ${run} (${cold ? 'first visit' : 'cached'}): first accepted tap at ${trace.tapAt.toFixed(0)} ms; FCP ${trace.fcp.toFixed(0)} ms, LCP ${trace.lcp.toFixed(0)} ms; ${trace.tasks.length} main-thread tasks, ${tasks.length} of 1 ms or more; longest ${max.ms.toFixed(1)} ms at ${max.at.toFixed(0)} ms (${max.top})`,
      );
      console.log(`  longest of the page's script: ${maxScript.ms.toFixed(1)} ms at ${maxScript.at.toFixed(0)} ms`);
      console.log(`  tasks of 1 ms or more (start ms: length ms): ${tasks.map((t) => `${t.at.toFixed(0)}: ${t.ms.toFixed(1)}`).join(', ')}`);
      console.log(`  top costs (self time): ${trace.costs.slice(0, 8).map(([n, ms]) => `${n} ${ms.toFixed(1)} ms`).join('; ')}`);
    }
    await context.close();
    // The floor: the same browser opening a page of one line of text, which
    // runs no script and loads nothing else. Its longest task is the
    // browser's own navigation, which no page can make shorter.
    const floor: number[] = [];
    for (let run = 1; run <= 6; run++) {
      const blank = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 } });
      const tab = await blank.newPage();
      await tab.route('**/floor.html', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><html lang="en"><title>Floor</title><p>One line of text.</p></html>' }),
      );
      const trace = await traceLoad(tab, '/floor.html');
      floor.push(Math.max(...trace.tasks.map((t) => t.ms)));
      await blank.close();
    }
    console.log(
      `floor, a page of one line of text at 4x, longest task: ${floor.map((ms) => ms.toFixed(1)).join(', ')} ms (median ${percentile(floor, 50).toFixed(1)} ms)`,
    );
    console.log(
      `longest task, first visits: ${longestCold.map((ms) => ms.toFixed(1)).join(', ')} ms; cached: ${longestWarm.map((ms) => ms.toFixed(1)).join(', ')} ms`,
    );
    console.log(
      `longest main-thread task before the first accepted tap: ${longest.map((ms) => ms.toFixed(1)).join(', ')} ms (median ${percentile(longest, 50).toFixed(1)} ms); of the page's script: ${longestScript.map((ms) => ms.toFixed(1)).join(', ')} ms (median ${percentile(longestScript, 50).toFixed(1)} ms)`,
    );
  });
});
