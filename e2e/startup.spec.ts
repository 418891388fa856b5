// The start-up: the static frame index.html draws while the wasm loads,
// and the table that replaces it in place, in short tasks.
import { test, expect, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };

/** Holds the page's wasm until the returned function is called. */
async function holdPageWasm(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/pyramid-[0-9a-f]+_bg\.wasm$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

async function boxes(page: Page, selectors: string[]): Promise<Box[]> {
  return Promise.all(
    selectors.map(async (s) => {
      const box = await page.locator(s).boundingBox();
      expect(box, s).not.toBeNull();
      return box!;
    }),
  );
}

function expectSameBoxes(frame: Box[], table: Box[], names: string[]) {
  expect(table.length).toBe(frame.length);
  frame.forEach((f, i) => {
    for (const k of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(f[k] - table[i][k]), `${names[i]}: ${k} ${f[k]} in the frame, ${table[i][k]} on the table`).toBeLessThanOrEqual(1);
    }
  });
}

/**
 * Records, for every task that changes the document (each mutation
 * callback sees one task's changes, with its microtasks), which of
 * `selectors` match then: read back with `seenTasks`.
 */
async function recordTasks(page: Page, selectors: Record<string, string>) {
  await page.addInitScript((selectors) => {
    const w = window as any;
    w.__seen = [];
    new MutationObserver(() => {
      w.__seen.push(Object.fromEntries(Object.entries(selectors).map(([name, s]) => [name, document.querySelector(s) !== null])));
    }).observe(document, { childList: true, subtree: true });
  }, selectors);
}

async function seenTasks<T>(page: Page): Promise<T[]> {
  return page.evaluate(() => (window as any).__seen);
}

/** Records the page's layout shifts from its start (read by `expectNoShift`). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__shift = 0;
    // What moved, and when, to name in the failure.
    w.__shifted = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) {
        if (e.hadRecentInput) continue;
        w.__shift += e.value;
        const what = (e.sources ?? []).map((s: any) => s.node?.className || s.node?.nodeName || '?');
        w.__shifted.push(`${e.value.toFixed(3)} at ${e.startTime.toFixed(0)} ms: ${what.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** After the next frame has settled, nothing has moved since the page began. */
async function expectNoShift(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const { shift, shifted } = await page.evaluate(() => ({ shift: (window as any).__shift, shifted: (window as any).__shifted }));
  expect(shift, `layout shifts: ${shifted.join('; ')}`).toBe(0);
}

const PILES = ['stock', 'waste', 'discard'];
const FRAME_PILES = ['#frame .stock', '#frame .waste-pile', '#frame .discard-pile'];
const TABLE_PILES = ['[data-zone="stock"]', '.stock-waste .waste-pile', '[data-zone="discard"]'];
const SLOTS = Array.from({ length: 7 }, (_, row) => Array.from({ length: row + 1 }, (_, col) => [row, col])).flat();

for (const viewport of [
  { width: 360, height: 740 },
  { width: 844, height: 390 },
  { width: 1920, height: 1080 },
]) {
  test(`the frame has the live table's geometry, and the table replaces it without a shift at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await recordShifts(page);
    const release = await holdPageWasm(page);
    await page.goto('/?deal=1&rules=classic');
    // Before the wasm: the frame alone, drawn by the stylesheet.
    await expect(page.locator('#frame .pyramid i')).toHaveCount(28);
    await expect(page.locator('[data-zone="stock"]')).toHaveCount(0);
    const framePiles = await boxes(page, FRAME_PILES);
    const frameToolbar = await boxes(page, ['#frame .toolbar', '#frame .tb-draw', '#frame .tb-new']);
    const frameSlots = await boxes(page, SLOTS.map((_, k) => `#frame .pyramid i >> nth=${k}`));
    expect(framePiles[0].width).toBeGreaterThan(30);

    release();
    await expect(page.locator('[data-zone="pyramid"]')).toHaveCount(28);
    await expect(page.locator('#frame')).toHaveCount(0);
    const tablePiles = await boxes(page, TABLE_PILES);
    const tableSlots = await boxes(page, SLOTS.map(([row, col]) => `[data-zone="pyramid"][data-row="${row}"][data-col="${col}"]`));
    expectSameBoxes(framePiles, tablePiles, PILES);
    expectSameBoxes(frameSlots, tableSlots, SLOTS.map(([r, c]) => `pyramid row ${r} col ${c}`));
    // The live toolbar, which comes a task after the table, where the
    // frame's stood in for it.
    await expect(page.locator('#toolbar-stand-in')).toHaveCount(0);
    const tableToolbar = await boxes(page, ['[role="toolbar"]', '.toolbar .tb-draw', '.toolbar .tb-new']);
    expectSameBoxes(frameToolbar, tableToolbar, ['toolbar', 'Draw', 'New deal']);

    // Once the statistics and the later module are in too, nothing moved.
    await expect(page.getByTestId('stats').locator('dd').first()).toBeVisible();
    await expectNoShift(page);
  });
}

test('the start-up yields: the table is in the document a task before the statistics, and the frame goes with its arrival', async ({ page }) => {
  await recordTasks(page, {
    stock: '[data-zone="stock"]',
    frame: '#frame',
    toolbar: '[role="toolbar"]',
    standIn: '#toolbar-stand-in[inert][aria-hidden="true"]',
    stats: '#statistics',
    figures: '#statistics dd',
  });
  await page.goto('/?deal=1&rules=classic');
  await expect(page.getByTestId('stats').locator('dd').first()).toBeVisible();
  type Seen = { stock: boolean; frame: boolean; toolbar: boolean; standIn: boolean; stats: boolean; figures: boolean };
  const seen: Seen[] = await seenTasks(page);
  const first = seen.findIndex((s) => s.stock);
  expect(first).toBeGreaterThan(-1);
  // The frame was there until the table came, and went in the same task;
  // its toolbar stands in for the live one, which comes in a later task.
  expect(seen.slice(0, first).some((s) => s.frame)).toBe(true);
  expect(seen[first]).toEqual({ stock: true, frame: false, toolbar: false, standIn: true, stats: false, figures: false });
  const toolbar = seen.findIndex((s) => s.toolbar);
  expect(toolbar).toBeGreaterThan(first);
  expect(seen[toolbar].standIn).toBe(false);
  expect(seen.slice(first, toolbar).every((s) => s.standIn)).toBe(true);
  // The panel and then its figures, each in a later task.
  const stats = seen.findIndex((s) => s.stats);
  expect(stats).toBeGreaterThan(first);
  expect(seen.findIndex((s) => s.figures)).toBeGreaterThanOrEqual(stats);
});

test('Par Pyramid\'s toolbar, which has a button the frame\'s has not, comes with the table', async ({ page }) => {
  await recordTasks(page, { stock: '[data-zone="stock"]', toolbar: '[role="toolbar"] .tb-end', standIn: '#toolbar-stand-in' });
  await page.goto('/?deal=1&rules=par');
  await expect(page.getByRole('button', { name: 'End round' })).toBeVisible();
  const seen: { stock: boolean; toolbar: boolean; standIn: boolean }[] = await seenTasks(page);
  const first = seen.findIndex((s) => s.stock);
  expect(seen[first]).toEqual({ stock: true, toolbar: true, standIn: false });
  expect(seen.some((s) => s.standIn)).toBe(false);
});

test('the page\'s wasm comes as application/wasm and compiles as it streams', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const wasm = page.waitForResponse(/\/pyramid-[0-9a-f]+_bg\.wasm$/);
  await page.goto('/?deal=1&rules=classic');
  expect((await wasm).headers()['content-type']).toBe('application/wasm');
  await expect(page.locator('[data-zone="stock"]')).toBeVisible();
  // wasm-bindgen falls back to compiling after the download, and says so.
  expect(warnings.filter((w) => w.includes('instantiateStreaming'))).toEqual([]);
});

/** The boxes of a row's places as shown (hidden ones left out), in order. */
async function rowBoxes(page: Page, row: string): Promise<Box[]> {
  return page.locator(row).evaluate((el) =>
    [...el.children]
      .filter((c) => !(c as HTMLElement).hidden)
      .map((c) => {
        const r = c.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
  );
}

// The next load's frame takes the shape of the table last shown: Giza's
// reserve, Apophis's three wastes, King Tut's fanned waste, the draw slot.
for (const { rules, viewport, places } of [
  { rules: 'giza', viewport: { width: 360, height: 740 }, places: 9 },
  { rules: 'giza', viewport: { width: 1920, height: 1080 }, places: 9 },
  { rules: 'apophis', viewport: { width: 360, height: 740 }, places: 5 },
  { rules: 'kingtut', viewport: { width: 768, height: 1024 }, places: 3 },
  { rules: 'traditional', viewport: { width: 360, height: 740 }, places: 4 },
]) {
  test(`after a round of ${rules}, the frame has its table's shape at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/?deal=2&rules=${rules}`);
    await expect(page.locator('[data-zone="pyramid"]')).toHaveCount(28);
    // The page keeps the shape as it is left (assets/pwa.js, which comes
    // once the board is up): importing it again settles once the page's
    // own import has run it.
    await page.evaluate(() => import(new URL('assets/pwa.js', document.baseURI).href));

    // The round resumes on the next load: the frame draws its row.
    const release = await holdPageWasm(page);
    await page.goto('/');
    await expect(page.locator('#frame .pyramid i')).toHaveCount(28);
    const frameRow = await rowBoxes(page, '#frame .stock-waste');
    expect(frameRow).toHaveLength(places);
    const frameSlots = await boxes(page, SLOTS.map((_, k) => `#frame .pyramid i >> nth=${k}`));
    release();
    await expect(page.locator('[data-zone="pyramid"]')).toHaveCount(28);
    await expect(page.locator('#frame')).toHaveCount(0);
    const names = Array.from({ length: places }, (_, i) => `place ${i}`);
    expectSameBoxes(frameRow, await rowBoxes(page, '.app .stock-waste'), names);
    const tableSlots = await boxes(page, SLOTS.map(([row, col]) => `[data-zone="pyramid"][data-row="${row}"][data-col="${col}"]`));
    expectSameBoxes(frameSlots, tableSlots, SLOTS.map(([r, c]) => `pyramid row ${r} col ${c}`));

    // An address that names rules gets the plain frame: the game it
    // opens may be another.
    await page.route(/\/pyramid-[0-9a-f]+_bg\.wasm$/, (route) => route.abort());
    await page.goto(`/?deal=1&rules=${rules}`);
    await expect(page.locator('#frame .stock')).toHaveCount(1);
    expect(await rowBoxes(page, '#frame .stock-waste')).toHaveLength(3);
  });
}

test('an unreadable frame shape is passed over: the plain frame', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pyramid.frame', 'reserve|reserve-pile|<img src=x onerror=alert(1)>'));
  const release = await holdPageWasm(page);
  await page.goto('/');
  await expect(page.locator('#frame .pyramid i')).toHaveCount(28);
  await expect(page.locator('#frame .stock')).toHaveCount(1);
  await expect(page.locator('#frame img')).toHaveCount(0);
  release();
  await expect(page.locator('[data-zone="pyramid"]')).toHaveCount(28);
});

// The later module's stylesheet is asked for with the module, on its own
// request: when it comes after the module, the module's parts (the offer
// to a first visit, the banners, the statistics' figures) wait for it, so
// none stands a moment unstyled in the page's flow and moves the table.
for (const viewport of [
  { width: 360, height: 740 },
  { width: 1920, height: 1080 },
]) {
  test(`a stylesheet later than the later module moves nothing at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await recordShifts(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/later\.css$/, async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    const module = page.waitForResponse(/\/later-[0-9a-f]+\.wasm$/);
    await page.goto('/?deal=1&rules=classic');
    await expect(page.locator('[data-zone="pyramid"]')).toHaveCount(28);
    await module;
    // The module is in and has had time to build its parts.
    await page.waitForTimeout(500);
    await expect(page.locator('.lesson-offer')).toHaveCount(0);
    release();
    await expect(page.locator('.lesson-offer')).toBeVisible();
    await expect(page.getByTestId('stats').locator('dd').first()).toBeVisible();
    await expectNoShift(page);
  });
}
