import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installBundles } from './workers';

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
