import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dictImportAnswerSchema, dictImportsListSchema, dictionariesListSchema } from '../../common/dictionaries';
import { startApp, type RunningApp } from '../../../test-support/start-app';
import { everyFormZip, sampleIndex } from '../../../test-support/dictionaries/sample-zips';
import { zipBytes } from '../../../test-support/dictionaries/zip-writer';

const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let app: RunningApp | null = null;

afterEach(async () => {
  await app?.stop();
  app = null;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Enough structured-content terms that importing them takes a while (seconds on a busy machine). */
function slowZip(): Uint8Array {
  const banks: Record<string, unknown> = { 'index.json': sampleIndex('Slow') };
  for (let bank = 1; bank <= 40; bank++) {
    banks[`term_bank_${bank}.json`] = Array.from({ length: 5000 }, (_, index) => [
      `語${bank}-${index}`,
      'ご',
      'n',
      '',
      0,
      [{ type: 'structured-content', content: { tag: 'ol', content: [{ tag: 'li', style: { fontWeight: 'bold' }, content: `meaning ${index}` }, { tag: 'li', content: 'another meaning' }] } }],
      index,
      '',
    ]);
  }
  return zipBytes(banks);
}

describe('an import cut by a crash', () => {
  it('SIGKILL mid-import: after a restart the import is listed as interrupted with its reason and nothing of it is kept', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dict-kill-'));
    app = await startApp({ DATA_DIR: dataDir });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(slowZip())]), 'slow.zip');
    const posted = await fetch(`${app.url}/api/dict/dictionaries`, { method: 'POST', body: form });
    expect(posted.status).toBe(202);
    const { id } = dictImportAnswerSchema.parse(await posted.json()).import;
    // Wait until it is storing rows, then kill the server outright.
    for (let tries = 0; ; tries++) {
      const entry = dictImportAnswerSchema.parse(await (await fetch(`${app.url}/api/dict/imports/${id}`)).json()).import;
      if (entry.state === 'running' && entry.step === 'terms' && (entry.rows ?? 0) > 0) break;
      expect(entry.state, JSON.stringify(entry)).not.toBe('done');
      if (tries > 600) throw new Error('the import never got going');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const exited = new Promise((resolve) => app!.process.once('exit', resolve));
    app.process.kill('SIGKILL');
    await exited;
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'staging')).length).toBeGreaterThan(0);

    app = await startApp({ DATA_DIR: dataDir });
    const imports = dictImportsListSchema.parse(await (await fetch(`${app.url}/api/dict/imports`)).json()).imports;
    expect(imports).toEqual([expect.objectContaining({ id, state: 'interrupted', code: 'dict-interrupted', title: 'Slow', error: expect.stringContaining('server stopped') })]);
    expect(dictionariesListSchema.parse(await (await fetch(`${app.url}/api/dict/dictionaries`)).json()).dictionaries).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'staging'))).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'dict', 'dictionaries'))).toEqual([]);
  }, 120_000);
});

describe('npm run dict:import', () => {
  it('imports a Yomitan zip beside a running server, which answers from it at its next lookup', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-dict-cli-'));
    app = await startApp({ DATA_DIR: dataDir });
    expect((await fetch(`${app.url}/api/dict/lookup?q=${encodeURIComponent('食べる')}`)).status).toBe(503);
    const zipPath = path.join(dataDir, 'every.zip');
    fs.writeFileSync(zipPath, everyFormZip());
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/dict/import-cli.ts', zipPath], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(fs.existsSync(zipPath)).toBe(true);
    const lookup = await fetch(`${app.url}/api/dict/lookup?q=${encodeURIComponent('食べる')}`);
    expect(lookup.status).toBe(200);
    expect((await lookup.json()).results[0].definitions[0].title).toBe('Every Form');
    const again = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/dict/import-cli.ts', zipPath], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stdout + again.stderr).toContain('already installed');
  }, 120_000);
});
