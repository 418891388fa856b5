// The start-up of the page under CPU throttling, recorded by Chromium's own
// tracing (CDP `Tracing`): every task the renderer's main thread ran from
// the navigation to the first tap the board accepted, and where the time
// went. Used by e2e/measure.spec.ts, which prints it; nothing is asserted.
import type { CDPSession, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: any;
}

export interface StartupTrace {
  /** Milliseconds from the navigation's start to the accepted tap. */
  tapAt: number;
  /** When the page painted first and painted its largest content (ms). */
  fcp: number;
  lcp: number;
  /** Every main-thread task (ms), in order, with its start (ms from navigation). */
  tasks: { at: number; ms: number; top: string }[];
  /** Self time (ms) per kind of work over those tasks, most first. */
  costs: [string, number][];
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
].join(',');

/**
 * Opens `url` with the CPU slowed `rate` times, taps the stock as soon as it
 * is there and again until the move counter shows the draw, and returns the
 * main thread's tasks up to that tap.
 */
export async function traceStartup(page: Page, url: string, rate = 4): Promise<StartupTrace> {
  const { cdp, events } = await startTracing(page, rate);
  await page.goto(url, { waitUntil: 'commit' });
  // The first tap the board accepts: a press on the stock the moment it is
  // there, and again until the move counter shows the draw. Everything
  // goes through CDP with one-line expressions: Playwright's own locators
  // would inject their script into the page, a long task of their own.
  const evaluate = async (expression: string) =>
    (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })).result.value;
  const started = Date.now();
  let tapMark = -1;
  while (tapMark < 0) {
    if (Date.now() - started > 60_000) throw new Error('the board never accepted a tap');
    const box = await evaluate(`document.querySelector('[data-zone="stock"]')?.getBoundingClientRect().toJSON()`);
    if (!box) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, button: 'left' as const, clickCount: 1 };
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at });
    tapMark = await evaluate(`document.querySelector('[data-testid="moves"]')?.textContent !== '0' ? performance.now() : -1`);
  }
  await stopTracing(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const paints = await page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
        new PerformanceObserver((list) => {
          const all = list.getEntries();
          resolve({ fcp, lcp: all[all.length - 1].startTime });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp: -1 }), 1000);
      }),
  );
  await cdp.detach();
  // The raw trace, for Chromium's performance panel or a closer look.
  if (process.env.PYRAMID_TRACE_FILE) {
    const fs = await import('node:fs');
    fs.writeFileSync(process.env.PYRAMID_TRACE_FILE, JSON.stringify({ traceEvents: events }));
  }
  return { ...summarise(events, tapMark), ...paints };
}

/**
 * The floor under any page's start-up: opens `url` (an almost empty page)
 * with the CPU slowed `rate` times and returns the main thread's tasks up
 * to its load event and a moment after.
 */
export async function traceLoad(page: Page, url: string, rate = 4): Promise<Omit<StartupTrace, 'fcp' | 'lcp'>> {
  const { cdp, events } = await startTracing(page, rate);
  await page.goto(url, { waitUntil: 'load' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const end = (await cdp.send('Runtime.evaluate', { expression: 'performance.now()', returnByValue: true })).result.value;
  await stopTracing(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return summarise(events, end);
}

/** Slows the page's CPU `rate` times and starts Chromium's tracing of it. */
async function startTracing(page: Page, rate: number): Promise<{ cdp: CDPSession; events: TraceEvent[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES.split(',') } } as any);
  return { cdp, events };
}

async function stopTracing(cdp: CDPSession) {
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
}

/** The page's main thread: the renderer thread that parsed the page. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.ph === 'X');
  if (parse) return { pid: parse.pid, tid: parse.tid };
  const named = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!named) throw new Error('no renderer main thread in the trace');
  return { pid: named.pid, tid: named.tid };
}

function summarise(events: TraceEvent[], tapMark: number): Omit<StartupTrace, 'fcp' | 'lcp'> {
  const { pid, tid } = mainThread(events);
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  // The navigation's start in trace time: `performance.now()` counts from it.
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === pid);
  const t0 = nav ? nav.ts : Math.min(...own.map((e) => e.ts));
  const end = t0 + tapMark * 1000;
  const runTasks = own
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .filter((e) => e.ts >= t0 && e.ts <= end)
    .sort((a, b) => a.ts - b.ts);
  // Tasks nest (RunTask in ThreadControllerImpl::RunTask): keep the outermost.
  const tasks: TraceEvent[] = [];
  for (const e of runTasks) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.ts + last.dur!) continue;
    tasks.push(e);
  }
  // Self time of every event inside the tasks, by name.
  const inside = own
    .filter((e) => e.ts >= t0 && e.ts <= end && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const costs = new Map<string, number>();
  const topOf = new Map<TraceEvent, Map<string, number>>();
  const stack: TraceEvent[] = [];
  const selfOf = new Map<TraceEvent, number>();
  let task = 0;
  for (const e of inside) {
    while (stack.length && e.ts >= stack[stack.length - 1].ts + stack[stack.length - 1].dur!) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) selfOf.set(parent, selfOf.get(parent)! - e.dur!);
    selfOf.set(e, e.dur!);
    stack.push(e);
  }
  for (const [e, self] of selfOf) {
    const name = label(e);
    costs.set(name, (costs.get(name) ?? 0) + self / 1000);
    while (task < tasks.length - 1 && e.ts >= tasks[task].ts + tasks[task].dur!) task++;
    const t = tasks[task];
    if (t && e.ts >= t.ts && e.ts < t.ts + t.dur!) {
      const m = topOf.get(t) ?? new Map<string, number>();
      m.set(name, (m.get(name) ?? 0) + self / 1000);
      topOf.set(t, m);
    }
  }
  return {
    tapAt: tapMark,
    tasks: tasks.map((t) => {
      const m = [...(topOf.get(t) ?? new Map()).entries()].sort((a, b) => b[1] - a[1]);
      return {
        at: (t.ts - t0) / 1000,
        ms: t.dur! / 1000,
        top: m.slice(0, 3).map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', '),
      };
    }),
    costs: [...costs.entries()].sort((a, b) => b[1] - a[1]),
  };
}

/** An event's kind, with the script's file for script work. */
function label(e: TraceEvent): string {
  const data = e.args?.data ?? e.args?.beginData;
  const file = (data?.url ?? data?.fileName ?? '').split('/').pop()?.replace(/-[0-9a-f]{16}/, '');
  if (file && /^(EvaluateScript|v8\.compile|v8\.compileModule|FunctionCall|v8\.wasm\.\w+|ParseHTML)$/.test(e.name)) {
    return `${e.name} (${file || 'inline'})`;
  }
  return e.name;
}
