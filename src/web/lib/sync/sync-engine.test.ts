// @vitest-environment node
import 'fake-indexeddb/auto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Dexie from 'dexie';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type RunningApp } from '../../../../test-support/start-app';
import type { RecordKind } from './sync-config';
import type { SyncSource } from './sync-source';

/**
 * Two devices in one process, each with its own IndexedDB and its own copy of the sync modules,
 * syncing through the real server's vault (docs/sync.md). Their data is a map of notes.
 */
let app: RunningApp;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  app = await startApp();
  // The app calls its own server by relative URL, as a page does.
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? app.url + input : input, init)) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await app?.stop();
});

interface Device {
  notes: Map<string, unknown>;
  /** Notes not ready to travel (as a chat whose reply streams). */
  held: Set<string>;
  source: SyncSource;
  runner: typeof import('./sync-runner');
  engine: () => Promise<import('./sync-engine').SyncEngine>;
  db: ReturnType<typeof import('./sync-db').syncDb>;
  now: { offsetMs: number };
}

async function device(): Promise<Device> {
  vi.resetModules();
  Dexie.dependencies.indexedDB = new IDBFactory();
  const syncDbModule = await import('./sync-db');
  // Bound to this device's IndexedDB now, before the next device swaps the factory.
  const db = syncDbModule.syncDb();
  const runner = await import('./sync-runner');
  const { Ledger } = await import('./ledger');
  const { SyncEngine } = await import('./sync-engine');
  const { VaultClient } = await import('./vault-client');
  const notes = new Map<string, unknown>();
  const held = new Set<string>();
  const now = { offsetMs: 0 };
  const source: SyncSource = {
    kind: 'chats',
    types: ['note'],
    list: async () => [...notes].map(([id, data]) => ({ id, type: 'note', data, held: held.has(id) })),
    apply: async (changes) => {
      const refused: string[] = [];
      for (const change of changes) {
        if (change.data === null) notes.delete(change.id);
        else if (typeof change.data !== 'string') refused.push(change.id);
        else notes.set(change.id, change.data);
      }
      return refused;
    },
  };
  const engine = async () => {
    const vault = (await syncDbModule.readState('vault'))!;
    const ledger = new Ledger([source], (kind: RecordKind) => kind === 'chats', () => Date.now() + now.offsetMs);
    return new SyncEngine(ledger, new VaultClient(vault.vaultId, vault.writeToken), vault.cryptoKey);
  };
  return { notes, held, source, runner, engine, db, now };
}

const sync = async (one: Device) => (await one.engine()).pass();
const passphrase = 'correct horse battery';

describe('sync between two devices through the vault', () => {
  let laptop: Device;
  let phone: Device;
  const vaultName = `notes-${Date.now()}`;

  it('refuses a short passphrase before any work, and a wrong one for an existing vault', async () => {
    laptop = await device();
    await expect(laptop.runner.connectVault(vaultName, 'short')).rejects.toMatchObject({ code: 'short-passphrase' });
    expect(await laptop.runner.connectVault(vaultName, passphrase)).toEqual({ created: true });
    phone = await device();
    await expect(phone.runner.connectVault(vaultName, 'correct horse battery!')).rejects.toMatchObject({ code: 'wrong-passphrase' });
    expect(await phone.runner.connectVault(vaultName, passphrase)).toEqual({ created: false });
  });

  it('brings what one device has to the other, and nothing the server stores reads as the notes', async () => {
    laptop.notes.set('note.a', '猫が好きです');
    laptop.notes.set('note.b', '犬も好きです');
    expect((await sync(laptop)).pushed).toBe(2);
    const report = await sync(phone);
    expect(report.applied.get('note')).toBe(2);
    expect(Object.fromEntries(phone.notes)).toEqual({ 'note.a': '猫が好きです', 'note.b': '犬も好きです' });
    // Nothing new on either side: a round writes nothing and pushes nothing.
    expect((await sync(laptop)).pushed).toBe(0);
    expect((await sync(phone)).pushed).toBe(0);
    const stored = new Database(path.join(app.dataDir, 'sync', 'vaults.db'), { readonly: true });
    const texts = (stored.prepare('SELECT ciphertext FROM records').all() as { ciphertext: Buffer }[]).map((row) => Buffer.from(row.ciphertext.toString(), 'base64').toString('utf8'));
    stored.close();
    expect(texts.join('\n')).not.toMatch(/猫|犬|好き/);
  });

  it('keeps a deleted note deleted on both, after both sync again', async () => {
    laptop.notes.delete('note.a');
    await sync(laptop);
    await sync(phone);
    expect(phone.notes.has('note.a')).toBe(false);
    await sync(phone);
    await sync(laptop);
    expect(laptop.notes.has('note.a')).toBe(false);
    expect(phone.notes.has('note.a')).toBe(false);
  });

  it('keeps both devices’ edits to different records made offline', async () => {
    laptop.notes.set('note.b', '犬が大好きです');
    phone.notes.set('note.c', '鳥も飼っています');
    await sync(laptop);
    await sync(phone);
    await sync(laptop);
    expect(Object.fromEntries(laptop.notes)).toEqual({ 'note.b': '犬が大好きです', 'note.c': '鳥も飼っています' });
    expect(Object.fromEntries(phone.notes)).toEqual(Object.fromEntries(laptop.notes));
  });

  it('neither sends nor deletes a record held back, and sends it once it is ready', async () => {
    laptop.notes.set('note.b', '書きかけ…');
    laptop.held.add('note.b');
    expect((await sync(laptop)).pushed).toBe(0);
    await sync(phone);
    expect(phone.notes.get('note.b')).toBe('犬が大好きです');
    laptop.notes.set('note.b', '書き終えました');
    laptop.held.delete('note.b');
    await sync(laptop);
    await sync(phone);
    expect(phone.notes.get('note.b')).toBe('書き終えました');
  });

  it('orders edits by what each device had seen, not by clocks that disagree by hours', async () => {
    // The laptop's clock runs three hours ahead: its edit is stamped "later" than the phone's real time.
    laptop.now.offsetMs = 3 * 3600_000;
    laptop.notes.set('note.b', 'laptop wrote this first');
    await sync(laptop);
    await sync(phone);
    // The phone, having seen it, edits after it: its edit wins although its wall clock is hours behind.
    phone.notes.set('note.b', 'phone wrote this second');
    await sync(phone);
    await sync(laptop);
    expect(laptop.notes.get('note.b')).toBe('phone wrote this second');
    laptop.now.offsetMs = 0;
  });

  it('lets the later of two offline edits to one record win on both devices', async () => {
    phone.notes.set('note.c', 'phone, earlier');
    await new Promise((resolve) => setTimeout(resolve, 5));
    laptop.notes.set('note.c', 'laptop, later');
    // Each stamps its edit at its next round; the phone's round comes first.
    await sync(phone);
    phone.now.offsetMs = 0;
    await sync(laptop);
    await sync(phone);
    expect(phone.notes.get('note.c')).toBe(laptop.notes.get('note.c'));
  });

  it('reports a record it cannot open, leaves it on the server, and takes everything else', async () => {
    laptop.notes.set('note.d', '壊される');
    laptop.notes.set('note.e', '無事です');
    await sync(laptop);
    const stored = new Database(path.join(app.dataDir, 'sync', 'vaults.db'));
    const row = stored.prepare("SELECT ciphertext FROM records WHERE id = 'note.d'").get() as { ciphertext: Buffer };
    const bytes = Buffer.from(row.ciphertext.toString(), 'base64');
    bytes[bytes.length - 5] ^= 0xff;
    stored.prepare("UPDATE records SET ciphertext = ? WHERE id = 'note.d'").run(Buffer.from(bytes.toString('base64')));
    stored.close();
    const fresh = await device();
    await fresh.runner.connectVault(vaultName, passphrase);
    await sync(fresh);
    expect(fresh.notes.get('note.e')).toBe('無事です');
    expect(fresh.notes.has('note.d')).toBe(false);
    expect(await fresh.db.unreadable.toArray()).toEqual([expect.objectContaining({ id: 'note.d', type: 'note', reason: 'decrypt' })]);
    await sync(fresh);
    const kept = new Database(path.join(app.dataDir, 'sync', 'vaults.db'), { readonly: true });
    expect(kept.prepare("SELECT deleted FROM records WHERE id = 'note.d'").get()).toEqual({ deleted: 0 });
    kept.close();
  });

  it('takes the vault’s versions over what a joining device held before, and sends on what only it had', async () => {
    const tablet = await device();
    tablet.notes.set('note.e', 'タブレットの古いメモ');
    tablet.notes.set('note.t', 'タブレットだけのメモ');
    await tablet.runner.connectVault(vaultName, passphrase);
    await sync(tablet);
    expect(tablet.notes.get('note.e')).toBe('無事です');
    await sync(laptop);
    expect(laptop.notes.get('note.t')).toBe('タブレットだけのメモ');
    expect(laptop.notes.get('note.e')).toBe('無事です');
    // Joined: its edits from now on are stamped as they are made, and win.
    tablet.notes.set('note.e', 'タブレットで直した');
    await sync(tablet);
    await sync(laptop);
    expect(laptop.notes.get('note.e')).toBe('タブレットで直した');
  });

  it('lists a record whose content a device cannot read, and writes nothing of it', async () => {
    const other = await device();
    await other.runner.connectVault(vaultName, passphrase);
    const { sealRecord } = await import('./sync-engine');
    const vault = (await (await import('./sync-db')).readState('vault'))!;
    const { VaultClient } = await import('./vault-client');
    const client = new VaultClient(vault.vaultId, vault.writeToken);
    const ciphertext = await sealRecord(vault.cryptoKey, { id: 'note.f', type: 'note', hlc: 'zzzzzzzzzzz-00000-x', data: { not: 'a note' } });
    await client.push([{ id: 'note.f', type: 'note', ciphertext }]);
    await sync(laptop);
    expect(laptop.notes.has('note.f')).toBe(false);
    expect(await laptop.db.unreadable.get('note.f')).toMatchObject({ type: 'note', reason: 'parse' });
  });
});

describe('a vault that went away', () => {
  it('is made again from what the device holds when the server lost its data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-sync-lost-'));
    const original = app;
    try {
      app = await startApp({ DATA_DIR: dataDir });
      const laptop = await device();
      await laptop.runner.connectVault('lost', passphrase);
      laptop.notes.set('note.a', '覚えている');
      await sync(laptop);
      await app.stop();
      fs.rmSync(path.join(dataDir, 'sync'), { recursive: true, force: true });
      app = await startApp({ DATA_DIR: dataDir });
      laptop.notes.set('note.b', '新しいメモ');
      await sync(laptop);
      const phone = await device();
      await phone.runner.connectVault('lost', passphrase);
      await sync(phone);
      expect(Object.fromEntries(phone.notes)).toEqual({ 'note.a': '覚えている', 'note.b': '新しいメモ' });
    } finally {
      await app.stop();
      app = original;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
