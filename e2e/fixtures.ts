import { test as base } from '@playwright/test';
import { startApp, type RunningApp } from '../test-support/start-app';
import { seedStorage } from './storage';

export interface AppOptions {
  /** Environment for the app server of this test file (e.g. upstreams pointed at fakes). */
  appEnv: Record<string, string>;
}

/**
 * One real app server per worker and test file's `appEnv`. Tests use relative URLs: `page.goto('/chat')`.
 * Every page of the test's context starts with the base settings (storage.ts), under what the test seeds.
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
  context: async ({ context }, use) => {
    await seedStorage(context, { on: 'if-absent' });
    await use(context);
  },
  baseURL: async ({ workerApp }, use) => use(workerApp.url),
});

export { expect } from '@playwright/test';
