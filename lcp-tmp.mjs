import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const vp of [{ width: 412, height: 823 }, { width: 1350, height: 940 }]) {
const p = await b.newPage({ viewport: vp, deviceScaleFactor: 1.75 });
await p.addInitScript(() => { window.__lcp = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.__lcp.push([Math.round(e.startTime), e.size, e.element ? e.element.outerHTML.slice(0, 120) : null, e.url]); }).observe({ type: 'largest-contentful-paint', buffered: true }); });
await p.goto('http://127.0.0.1:8771/?deal=1&rules=classic');
await p.waitForTimeout(3000);
console.log(vp.width, JSON.stringify(await p.evaluate(() => window.__lcp), null, 0));
await p.close();
}
await b.close();
