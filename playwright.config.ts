import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './e2e/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '.tmp/test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app's service worker (e2e/installable.spec.ts turns it on) would answer navigations and
    // chunks from its cache, out of reach of a test's page.route and of a rebuilt dist/.
    serviceWorkers: 'block',
    launchOptions: chromiumLaunch(),
  },
});
