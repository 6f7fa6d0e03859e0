import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manpagesCorpus } from '../../../../test-support/manpages-ja';
import { startApp, type RunningApp } from '../../../../test-support/start-app';
import type { ImportStatus } from '../../corpus/service';

const root = path.resolve(import.meta.dirname, '../../../..');

async function imports(app: RunningApp): Promise<ImportStatus[]> {
  return ((await (await fetch(`${app.url}/shonagon_api/imports`)).json()) as { imports: ImportStatus[] }).imports;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function upload(app: RunningApp, name: string, text: string, importId: string) {
  const form = new FormData();
  form.append('file', new File([text], name));
  form.append('importId', importId);
  return fetch(`${app.url}/shonagon_api/documents`, { method: 'POST', body: form }).catch((error: Error) => error);
}

describe('imports across a killed server', () => {
  it('lists the import a SIGKILL cut short as failed, carries on with the queued one, and takes the file again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-restart-'));
    const env = { KOTONOHA_DIST_DIR: path.join(root, 'no-such-dist'), DATA_DIR: dataDir, SHONAGON_MAX_BYTES: String(64 * 1024 * 1024) };
    // Big enough that the import is still indexing when the kill comes, even on a fast machine.
    const big = manpagesCorpus(8_000_000).repeat(3);
    const small = '吾輩は猫である。名前はまだ無い。';
    const first = await startApp(env);
    let second: RunningApp | null = null;
    try {
      const bigAnswer = upload(first, 'big.txt', big, 'big-import');
      await until('the big import to be indexing', async () => (await imports(first)).find((job) => job.id === 'big-import' && job.phase === 'indexing'));
      const smallAnswer = upload(first, 'small.txt', small, 'small-import');
      await until('the small import to queue', async () => (await imports(first)).find((job) => job.id === 'small-import' && job.state === 'queued'));
      // The queued file is spooled to disk before the kill.
      await until('the small import to be spooled', async () => fs.existsSync(path.join(dataDir, 'shonagon', 'queue', 'small-import.json')));
      expect((await imports(first)).find((job) => job.id === 'big-import')?.state).toBe('running');
      const exited = new Promise((resolve) => first.process.once('exit', resolve));
      first.process.kill('SIGKILL');
      await exited;
      expect(await bigAnswer).toBeInstanceOf(Error);
      expect(await smallAnswer).toBeInstanceOf(Error);

      second = await startApp(env);
      const app = second;
      const after = await until('the interrupted import to be listed', async () => {
        const list = await imports(app);
        return list.some((job) => job.id === 'big-import') && list;
      });
      expect(after.find((job) => job.id === 'big-import')).toMatchObject({ name: 'big.txt', state: 'failed', error: 'interrupted: the server stopped' });
      const resumed = await until('the queued import to finish', async () => (await imports(app)).find((job) => job.id === 'small-import' && job.state === 'done'));
      expect(resumed).toMatchObject({ name: 'small.txt', sentences: 2 });
      const found = (await (await fetch(`${app.url}/shonagon_api/search?q=${encodeURIComponent('吾輩')}`)).json()) as { total: number };
      expect(found.total).toBe(1);
      // Nothing of the cut import was kept, and the file can be added again.
      const docs = ((await (await fetch(`${app.url}/shonagon_api/documents`)).json()) as { documents: Array<{ title: string }> }).documents;
      expect(docs.map((doc) => doc.title)).toEqual(['small']);
      const again = await upload(app, 'big.txt', small, 'big-again');
      expect(again).toBeInstanceOf(Response);
      expect((again as Response).status).toBe(201);
      expect((await imports(app)).find((job) => job.id === 'big-again')).toMatchObject({ state: 'done' });
      expect(fs.readdirSync(path.join(dataDir, 'shonagon', 'queue'))).toEqual([]);
    } finally {
      await second?.stop();
      if (first.process.exitCode === null && first.process.signalCode === null) first.process.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
