import { test as base } from '@playwright/test';
import { startApp, type RunningApp } from '../test-support/start-app';
import { seedStorage } from './storage';

export interface AppOptions {
  /** Environment for the app server of this test file (e.g. upstreams pointed at fakes). */
  appEnv: Record<string, string>;
}

/**
 * One real app server per worker and test file's `appEnv`. Tests use relative URLs: `page.goto('/chat')`.
 */
export const test = base.extend<{ app: RunningApp }, AppOptions & { workerApp: RunningApp }>({
  appEnv: [{}, { option: true, scope: 'worker' }],
  workerApp: [
    async ({ appEnv }, use) => {
      const app = await startApp(appEnv);
      await use(app);
      await app.stop();
    },
    { scope: 'worker' },
  ],
  app: async ({ workerApp }, use) => use(workerApp),
  // Every test's browser speaks English (seeded once, before its first page) unless it seeds otherwise.
  page: async ({ page }, use) => {
    await seedStorage(page);
    await use(page);
  },
  baseURL: async ({ workerApp }, use) => use(workerApp.url),
});

export { expect } from '@playwright/test';
