import { HttpError } from '../http/http-client';
import { isHlc } from './hlc';
import type { Ledger, StampedRecord } from './ledger';
import { readState, syncDb, writeState } from './sync-db';
import { seal, unseal } from './sync-crypto';
import type { VaultClient } from './vault-client';
import type { PushRecord, StoredRecord } from '../../../common/sync';
import type { SyncSource } from './sync-source';

/** The record that tells a right passphrase from a wrong one (docs/sync.md "Keys"). */
export const checkRecord = { id: 'vault.check', type: 'check', text: 'kotonoha vault' } as const;

/** A push stays well under the server's body limit however large its records. */
const pushBytes = 4 * 1024 * 1024;
const pushCount = 500;

export interface PassReport {
  pulled: number;
  pushed: number;
  /** Records written here, by type. */
  applied: Map<string, number>;
  /** The vault's sequence number after the pass. */
  seq: number;
}

/** The sealed plaintext of a record: its stamp and its content (null: deleted). */
interface Envelope {
  h: string;
  d: unknown;
}

export async function sealRecord(key: CryptoKey, record: { id: string; type: string; hlc: string; data: unknown }): Promise<string> {
  return seal(key, record.id, record.type, JSON.stringify({ h: record.hlc, d: record.data } satisfies Envelope));
}

/** The stamped version inside a sealed record, or why it cannot be read. */
export async function openRecord(key: CryptoKey, record: { id: string; type: string; ciphertext: string }): Promise<{ hlc: string; data: unknown } | 'decrypt' | 'parse'> {
  let text: string;
  try {
    text = await unseal(key, record.id, record.type, record.ciphertext);
  } catch {
    return 'decrypt';
  }
  try {
    const envelope = JSON.parse(text) as Partial<Envelope>;
    if (!isHlc(envelope.h) || !('d' in envelope)) return 'parse';
    return { hlc: envelope.h, data: envelope.d ?? null };
  } catch {
    return 'parse';
  }
}

/**
 * One round with the vault (docs/sync.md "A pass"): stamp what changed here, take what changed
 * there since the last round (newer stamp wins, record by record), push what is newer here. A
 * record that does not open is listed as unreadable and left on the server.
 */
export class SyncEngine {
  constructor(
    private readonly ledger: Ledger,
    private readonly client: VaultClient,
    private readonly key: CryptoKey,
  ) {}

  /** `only`: the sources written since the last pass (by default, every one is looked at). */
  async pass(signal?: AbortSignal, only?: ReadonlySet<SyncSource>): Promise<PassReport> {
    await this.ledger.load();
    const report: PassReport = { pulled: 0, pushed: 0, applied: new Map(), seq: 0 };
    for (let round = 0; round < 3; round++) {
      let dirty = await this.ledger.scan(only);
      const behind = await this.pull(report, signal);
      if (behind) continue;
      // What the pull replaced is no longer ours to push.
      dirty = await this.stillDirty(dirty);
      const conflicts = await this.push(dirty, report, signal);
      if (!conflicts) break;
    }
    await this.ledger.joined();
    return report;
  }

  /**
   * The vault is gone (the server's data was wiped) or behind what this device saw (restored from
   * an older copy): this device's versions all go up again, and the vault's are read from the start.
   */
  private async rebuild(signal?: AbortSignal): Promise<void> {
    const opened = await this.client.open(signal);
    if (opened.seq === 0) {
      const ciphertext = await sealRecord(this.key, { id: checkRecord.id, type: checkRecord.type, hlc: '00000000000-00000-0', data: checkRecord.text });
      await this.client.push([{ id: checkRecord.id, type: checkRecord.type, ciphertext, ifSeq: 0 }], signal);
    }
    await syncDb().records.toCollection().modify({ seq: 0, dirty: 1 });
    await writeState({ key: 'cursor', seq: 0 });
  }

  /** Answers true when the vault had to be rebuilt (the round then starts again). */
  private async pull(report: PassReport, signal?: AbortSignal): Promise<boolean> {
    let since = (await readState('cursor'))?.seq ?? 0;
    for (;;) {
      let answer;
      try {
        answer = await this.client.changes(since, { signal });
      } catch (error) {
        if (error instanceof HttpError && error.status === 404 && (error.body as { code?: unknown } | undefined)?.code === 'sync-no-vault') {
          await this.rebuild(signal);
          return true;
        }
        throw error;
      }
      if (answer.seq < since) {
        await this.rebuild(signal);
        return true;
      }
      await this.take(answer.records, report);
      // With more to come, the next page starts after the last record read; else the vault's newest number is reached.
      since = answer.more && answer.records.length ? answer.records.at(-1)!.seq : answer.seq;
      report.seq = since;
      await writeState({ key: 'cursor', seq: since });
      if (!answer.more || !answer.records.length) return false;
    }
  }

  /** Takes records of these types off the vault (the `API keys` box unticked): tombstones over them; this device keeps its own copies. */
  async withdraw(types: readonly string[], signal?: AbortSignal): Promise<void> {
    await this.ledger.load();
    const tombstones = await this.ledger.tombstone(types);
    await this.push(new Map(tombstones.map((id) => [id, { type: '', data: null }])), { pulled: 0, pushed: 0, applied: new Map(), seq: 0 }, signal);
  }

  private async take(records: readonly StoredRecord[], report: PassReport): Promise<void> {
    const db = syncDb();
    const readable: StampedRecord[] = [];
    for (const record of records) {
      if (record.type === checkRecord.type || !this.ledger.sourceOf(record.type)) continue;
      const opened = await openRecord(this.key, record);
      if (typeof opened === 'string') {
        await db.unreadable.put({ id: record.id, type: record.type, seq: record.seq, reason: opened });
        continue;
      }
      readable.push({ id: record.id, type: record.type, seq: record.seq, hlc: opened.hlc, data: record.deleted ? null : opened.data });
    }
    if (!readable.length) return;
    // A newer version that opens replaces an unreadable one in the list.
    await db.unreadable.bulkDelete(readable.map((record) => record.id));
    report.pulled += readable.length;
    const { applied, rejected } = await this.ledger.merge(readable, { fromVault: true });
    for (const [type, count] of applied) report.applied.set(type, (report.applied.get(type) ?? 0) + count);
    const seqOf = new Map(readable.map((record) => [record.id, record.seq ?? 0]));
    if (rejected.length) await db.unreadable.bulkPut(rejected.map(({ id, type }) => ({ id, type, seq: seqOf.get(id) ?? 0, reason: 'parse' as const })));
  }

  private async stillDirty(scanned: Map<string, { type: string; data: unknown }>): Promise<Map<string, { type: string; data: unknown }>> {
    const metas = await syncDb().records.bulkGet([...scanned.keys()]);
    const out = new Map<string, { type: string; data: unknown }>();
    for (const meta of metas) if (meta?.dirty) out.set(meta.id, scanned.get(meta.id)!);
    return out;
  }

  /** Answers whether the vault held a newer version of something pushed (the round then runs again). */
  private async push(dirty: Map<string, { type: string; data: unknown }>, report: PassReport, signal?: AbortSignal): Promise<boolean> {
    if (!dirty.size) return false;
    const db = syncDb();
    const metas = (await db.records.bulkGet([...dirty.keys()])).filter((meta) => meta !== undefined);
    let conflicts = false;
    let batch: { record: PushRecord; hlc: string }[] = [];
    let bytes = 0;
    const send = async () => {
      if (!batch.length) return;
      const sent = batch;
      batch = [];
      bytes = 0;
      const cursor = (await readState('cursor'))?.seq ?? 0;
      const answer = await this.client.push(
        sent.map(({ record }) => record),
        signal,
      );
      const hlcOf = new Map(sent.map(({ record, hlc }) => [record.id, hlc]));
      const written: number[] = [];
      await db.transaction('rw', db.records, async () => {
        for (const result of answer.results) {
          if ('conflict' in result) {
            conflicts = true;
            continue;
          }
          written.push(result.seq);
          const meta = await db.records.get(result.id);
          // Edited again while the push was on its way: stays dirty, with the vault's new number.
          if (meta) await db.records.put({ ...meta, seq: result.seq, dirty: meta.hlc === hlcOf.get(result.id) ? 0 : 1 });
        }
      });
      report.pushed += written.length;
      // Nobody else wrote in between: the vault's newest records are ours, and need not be read back.
      written.sort((a, b) => a - b);
      if (written.length === sent.length && written[0] === cursor + 1 && written.at(-1) === answer.seq && written.every((seq, i) => seq === cursor + 1 + i)) {
        await writeState({ key: 'cursor', seq: answer.seq });
        report.seq = answer.seq;
      }
    };
    for (const meta of metas) {
      const content = dirty.get(meta.id)!;
      const ciphertext = await sealRecord(this.key, { id: meta.id, type: meta.type, hlc: meta.hlc, data: content.data });
      const record: PushRecord = { id: meta.id, type: meta.type, ciphertext, ifSeq: meta.seq };
      if (content.data === null) record.deleted = true;
      if (batch.length >= pushCount || (batch.length && bytes + ciphertext.length > pushBytes)) await send();
      batch.push({ record, hlc: meta.hlc });
      bytes += ciphertext.length;
    }
    await send();
    return conflicts;
  }
}
