import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkerMessage } from './dict/import-worker';
import { bundleWorkers, installBundles, startWorker, startsFromBundles } from './workers';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-bundles-'));

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('installBundles', () => {
  it('lets servers starting at once each find the whole bundle, written once, with no staging left behind', async () => {
    const dir = path.join(root, 'abc');
    const files = ['writer', 'search', 'background'].map((name) => ({ path: `/out/${name}.js`, contents: new TextEncoder().encode(`// ${name}\n`.repeat(50_000)) }));
    const seen: string[][] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const installed = await installBundles(dir, files);
        // What a thread would start from, read the moment its server has the directory.
        seen.push(['writer', 'search', 'background'].map((name) => fs.readFileSync(path.join(installed, `${name}.js`), 'utf8')));
      }),
    );
    expect(seen).toHaveLength(8);
    for (const contents of seen) expect(contents.map((text) => text.length)).toEqual(files.map((file) => file.contents.length));
    expect(fs.readdirSync(root)).toEqual(['abc']);
    expect(fs.readdirSync(dir).sort()).toEqual(['background.js', 'complete', 'search.js', 'writer.js']);
  });

  it('leaves a directory without its completion mark alone and says so, rather than starting from it', async () => {
    const dir = path.join(root, 'half');
    fs.mkdirSync(path.join(dir, 'x'), { recursive: true });
    await expect(installBundles(dir, [{ path: '/out/writer.js', contents: new Uint8Array(1) }])).rejects.toThrow('not written');
  });
});

/** What two entries outside the corpus say when started: each got as far as running its own code. */
async function firstWords(): Promise<{ dictImport: string; reading: string }> {
  const dictImport = new Promise<string>((resolve, reject) => {
    const worker = startWorker('dict-import', { workerData: { kind: 'edict', source: path.join(root, 'no-such-edict'), dbPath: path.join(root, 'dict.sqlite') } });
    worker.once('message', (message: WorkerMessage) => resolve(message.type === 'error' ? message.message : message.type));
    worker.once('error', reject);
  });
  const reading = new Promise<string>((resolve) => {
    const worker = startWorker('reading', { workerData: { dictDir: path.join(root, 'no-such-dictionary') } });
    worker.once('error', (error) => resolve(error.message));
    worker.once('message', () => resolve('ready'));
  });
  return { dictImport: await dictImport, reading: await reading };
}

describe('startWorker', () => {
  it('starts an entry through the tsx trampoline before the bundles are built', { timeout: 120_000 }, async () => {
    expect(startsFromBundles()).toBe(false);
    const words = await firstWords();
    expect(words.dictImport).toContain('no-such-edict');
    expect(words.reading).toContain('no-such-dictionary');
  });

  it('starts every entry, the dictionary import and readings too, from the bundles once they are built', { timeout: 120_000 }, async () => {
    await bundleWorkers();
    expect(startsFromBundles()).toBe(true);
    const words = await firstWords();
    expect(words.dictImport).toContain('no-such-edict');
    expect(words.reading).toContain('no-such-dictionary');
  });
});
