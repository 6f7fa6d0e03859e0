import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noLiteralUiText from './scripts/eslint/no-literal-ui-text.js';

/** Every folder under src/web/features is a feature, so a new one is fenced in the day it appears. */
const features = fs
  .readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Test code stays out of the product: no test runner, no hand-rolled HTTP servers, no test helpers. */
const testOnlyImports = (allowNodeHttp) => [
  'error',
  {
    paths: [
      { name: 'vitest', message: 'The test runner belongs in *.test.ts files.' },
      ...(allowNodeHttp
        ? []
        : [
            { name: 'node:http', message: 'The server serves through @hono/node-server in main.ts; fakes live in test-support/.' },
            { name: 'http', message: 'The server serves through @hono/node-server in main.ts; fakes live in test-support/.' },
          ]),
    ],
    patterns: [
      { group: ['vitest/*', '@vitest/*'], message: 'The test runner belongs in *.test.ts files.' },
      { group: ['**/test-support', '**/test-support/**'], message: 'test-support/ is for tests; product code never imports it.' },
    ],
  },
];

/**
 * docs/architecture.md "Lint fences": common ← web/lib ← web/features ← web/app; common ← server;
 * no feature imports another.
 */
const boundaryZones = [
  { target: './src/common', from: ['./src/web', './src/server'], message: 'common is shared by both sides and imports neither.' },
  { target: './src/server', from: './src/web', message: 'The server does not import the web app.' },
  { target: './src/web', from: './src/server', message: 'The web app talks to the server over HTTP only.' },
  { target: './src/web/lib', from: ['./src/web/features', './src/web/app', './src/web/components'], message: 'lib is below features, components and app.' },
  { target: './src/web/components', from: ['./src/web/features', './src/web/app'], message: 'Shared components know no feature.' },
  { target: './src/web/features', from: './src/web/app', message: 'Features do not import the shell.' },
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature; compose them in src/web/app.',
  })),
];

export default tseslint.config(
  { ignores: ['dist/', '.tmp/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  { files: ['src/**/*.{ts,tsx}'], ignores: ['src/**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': testOnlyImports(false) } },
  // The one place that really serves HTTP may use Node's http types (e.g. for the server @hono/node-server returns).
  // The image relay connects to the address it has checked (no second DNS lookup), which needs
  // http.request's `lookup` option; fetch offers no way to pin the address.
  { files: ['src/server/main.ts', 'src/server/routes/img/img.ts'], rules: { 'no-restricted-imports': testOnlyImports(true) } },
  // Every word on screen comes from a catalogue (docs/decisions/0015).
  {
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx'],
    plugins: { kotonoha: { rules: { 'no-literal-ui-text': noLiteralUiText } } },
    rules: { 'kotonoha/no-literal-ui-text': 'error' },
  },
  // Clipboard, Web Locks and random ids go through src/web/lib/secure-context.ts, which also works
  // outside a secure context (plain http to a network address), where these are missing.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/lib/secure-context.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          ['navigator', 'clipboard'],
          ['navigator', 'locks'],
          ['crypto', 'randomUUID'],
          ['crypto', 'subtle'],
          ['document', 'execCommand'],
        ].map(([object, property]) => ({ object, property, message: 'use src/web/lib/secure-context.ts (it works on plain http too)' })),
      ],
    },
  },
  // Playwright fixtures call a parameter named `use`, which is not React's hook.
  { files: ['e2e/**', 'test-support/**', 'bench/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  // A Playwright fixture that needs no other fixture says so with `async ({}, use) =>`: Playwright
  // reads a fixture's dependencies from that destructuring, so it cannot be `_` or left out.
  { files: ['e2e/**'], rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] } },
);
