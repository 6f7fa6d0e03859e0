import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiPort = Number(process.env.KOTONOHA_API_PORT || 8788);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(
      ['/api', '/NiuTransServer', '/v2', '/makemp3_new.php', '/shonagon_api'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  test: {
    root: import.meta.dirname,
    // Real servers, workers, ffmpeg and typing into real inputs: on a busy 2-core machine some take
    // seconds. Time budgets live in bench/, so a test's timeout only guards against a hang.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/common/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
    ],
  },
});
