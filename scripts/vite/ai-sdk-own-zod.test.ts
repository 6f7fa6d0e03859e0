import fs from 'node:fs';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { writeTempApp } from './temp-app';
import { aiSdkOwnZod } from './ai-sdk-own-zod';

/**
 * A small app shaped like ours: the shell validates with a little of zod's core, and the AI SDK,
 * loaded lazily, reaches parts of that core the shell never uses (as its string formats).
 */
const app: Record<string, string> = {
  'index.html': '<!doctype html><div id="root"></div><script type="module" src="/main.js"></script>',
  'main.js': "import { object } from 'zod/mini';\nconsole.log(object('settings'), () => import('./ask.js'));",
  'ask.js': "import { stream } from 'ai';\nexport const ask = stream;",
  'node_modules/zod/package.json': JSON.stringify({ name: 'zod', type: 'module', sideEffects: false, exports: { './mini': './mini.js', '.': './classic.js' } }),
  'node_modules/zod/mini.js': "import { $object } from './core.js';\nexport const object = (name) => $object(name);",
  'node_modules/zod/classic.js': "import { $object, $email } from './core.js';\nexport const object = (name) => $object(name);\nexport const email = () => $email();",
  'node_modules/zod/core.js': [
    'export const registry = new Map();',
    "export const $object = (name) => { registry.set(name, 'object'); return 'object of ' + name; };",
    "export const $email = () => 'the core part only the SDK uses: EMAIL_FORMAT';",
  ].join('\n'),
  'node_modules/ai/package.json': JSON.stringify({ name: 'ai', type: 'module', sideEffects: false, exports: { '.': './index.js' } }),
  'node_modules/ai/index.js': "import { object, email } from 'zod';\nexport const stream = [object('answer'), email()];",
};

async function buildApp(withPlugin: boolean) {
  const root = writeTempApp(app);
  try {
    const output = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: withPlugin ? [aiSdkOwnZod()] : [],
      build: { write: false, minify: false, rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } } },
    })) as Rolldown.RolldownOutput;
    const chunks = output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    const shell = chunks.find((chunk) => chunk.isEntry)!;
    const sdk = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('ask.js')))!;
    return { shell, sdk };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe('the AI SDK’s own zod', () => {
  it('without it, the shell carries the parts of zod that only the SDK uses', async () => {
    const { shell } = await buildApp(false);
    expect(shell.code).toContain('EMAIL_FORMAT');
  });

  it('keeps them out of the shell: the SDK loads its own copy of the core with itself', async () => {
    const { shell, sdk } = await buildApp(true);
    expect(shell.code).not.toContain('EMAIL_FORMAT');
    expect(shell.code).toContain('object of');
    expect(sdk.code).toContain('EMAIL_FORMAT');
    // A copy, not an import of the shell's: the SDK's core is a module of its own.
    expect(sdk.code).toContain('new Map()');
    expect(sdk.moduleIds.filter((id) => id.includes('/node_modules/zod/')).every((id) => id.endsWith('?ai-sdk'))).toBe(true);
  });
});
