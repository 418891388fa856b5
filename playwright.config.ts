import { defineConfig } from '@playwright/test';

// Serves the Trunk output (dist/, built by `trunk build --release`) on loopback.
// Chromium comes from Debian (/usr/bin/chromium); never `npx playwright install`.
// PYRAMID_PORT lets two checkouts run their tests side by side.
const PORT = Number(process.env.PYRAMID_PORT ?? 8765);
const BASE_URL = `http://127.0.0.1:${PORT}/`;

export default defineConfig({
  testDir: 'e2e',
  // The measurement script prints figures and asserts nothing: it runs on
  // its own (scripts/measure.sh), not in the test command.
  testIgnore: process.env.PYRAMID_MEASURE ? [] : ['**/measure.spec.ts'],
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  // Whole rounds are played by clicks: give a busy 2-core machine room
  // (CI's machines have run the whole suite at half this one's speed).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // No action may wait for ever: a click on a card that has gone fails fast.
    actionTimeout: 15_000,
    // Game logic is tested without motion, so clicks never wait for a card
    // to settle; e2e/motion.spec.ts and the screenshots turn motion on.
    reducedMotion: 'reduce',
    // The build registers a service worker that serves it from a cache. The
    // shared server's origin must always show the build on disk, so only
    // e2e/pwa.spec.ts allows service workers, each test on its own origin.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `python3 -m http.server ${PORT} --bind 127.0.0.1 --directory dist`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'ignore',
  },
});
