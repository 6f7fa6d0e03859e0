import { randomId } from '../secure-context';
import { receive, tick, zeroHlc, type Hlc } from './hlc';
import type { RecordKind } from './sync-config';
import { readState, syncDb, writeState, type RecordMeta } from './sync-db';
import { digest, type IncomingChange, type SyncSource } from './sync-source';

/** A record version with its stamp, as the vault, a backup file or a snapshot carries it. */
export interface StampedRecord {
  id: string;
  type: string;
  hlc: Hlc;
  /** null: deleted. */
  data: unknown;
  /** The vault's sequence number, for versions read from the vault. */
  seq?: number;
}

export interface MergeResult {
  /** Ids written here, by type. */
  applied: Map<string, number>;
  /** Ids whose content a source could not read. */
  rejected: { id: string; type: string }[];
}

/**
 * What this device knows of each record (docs/sync.md "Merging"): `scan` stamps the edits made
 * here since the last look (the sources are compared with what was last seen, so no screen has to
 * report its writes), `merge` lets the newer stamp win record by record. Used by the vault's sync,
 * by "import all" and by a snapshot's restore alike.
 */
export class Ledger {
  private clock: Hlc = zeroHlc;
  private device = '';

  constructor(
    private readonly sources: readonly SyncSource[],
    private readonly enabled: (kind: RecordKind) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  activeSources(): SyncSource[] {
    return this.sources.filter((source) => this.enabled(source.kind));
  }

  sourceOf(type: string): SyncSource | undefined {
    return this.activeSources().find((source) => source.types.includes(type));
  }

  /** See sync-db.ts `joining`. */
  private joining = false;

  async load(): Promise<void> {
    this.joining = (await readState('joining')) !== undefined;
    this.clock = (await readState('clock'))?.hlc ?? zeroHlc;
    let device = (await readState('device'))?.id;
    if (!device) {
      device = randomId().replace(/-/g, '').slice(0, 12);
      await writeState({ key: 'device', id: device });
    }
    this.device = device;
  }

  async save(): Promise<void> {
    await writeState({ key: 'clock', hlc: this.clock });
  }

  /** The first round after joining has ended: from now on every edit here is stamped when seen. */
  async joined(): Promise<void> {
    if (!this.joining) return;
    this.joining = false;
    await syncDb().state.delete('joining');
  }

  private stamp(): Hlc {
    this.clock = tick(this.clock, this.now(), this.device);
    return this.clock;
  }

  /**
   * Stamps every edit and deletion made here since the last look, in `only` those sources when
   * given (the ones whose storage was written since); answers the current content of each dirty
   * record (null: deleted).
   */
  async scan(only?: ReadonlySet<SyncSource>): Promise<Map<string, { type: string; data: unknown }>> {
    const db = syncDb();
    const dirty = new Map<string, { type: string; data: unknown }>();
    for (const source of this.activeSources()) {
      if (only && !only.has(source)) continue;
      const records = await source.list();
      const known = new Map((await db.records.where('type').anyOf([...source.types]).toArray()).map((meta) => [meta.id, meta]));
      const changed: RecordMeta[] = [];
      for (const record of records) {
        const meta = known.get(record.id);
        known.delete(record.id);
        if (record.held) continue;
        const hash = digest(record.data);
        let current = meta;
        if (!meta) {
          // Joining a vault that has data: what this device held before is older than the vault's
          // version of it (the vault's wins, as for a setting at its default), and is still sent
          // where the vault has none.
          const stamp = record.pristine || this.joining ? zeroHlc : this.stamp();
          current = { id: record.id, type: record.type, hlc: stamp, hash, seq: 0, dirty: record.pristine ? 0 : 1, deleted: false };
          changed.push(current);
        } else if (meta.hash !== hash || meta.deleted) {
          current = { ...meta, type: record.type, hlc: this.stamp(), hash, dirty: 1, deleted: false };
          changed.push(current);
        }
        if (current?.dirty) dirty.set(record.id, { type: record.type, data: record.data });
      }
      for (const meta of known.values()) {
        if (meta.deleted) {
          if (meta.dirty) dirty.set(meta.id, { type: meta.type, data: null });
          continue;
        }
        // Gone from here: a tombstone, so that the other devices delete it too and it never comes back.
        changed.push({ ...meta, hlc: this.stamp(), hash: '', dirty: 1, deleted: true });
        dirty.set(meta.id, { type: meta.type, data: null });
      }
      if (changed.length) await db.records.bulkPut(changed);
    }
    await this.save();
    return dirty;
  }

  /**
   * Writes each version that is newer than what this device holds; an older one is left (this
   * device's newer edit will be pushed over it). `fromVault`: the versions are the vault's, so a
   * record taken from there is not dirty; from a file or a snapshot it is, and is pushed on.
   */
  async merge(incoming: readonly StampedRecord[], { fromVault }: { fromVault: boolean }): Promise<MergeResult> {
    const db = syncDb();
    const metas = new Map<string, RecordMeta>();
    for (const meta of await db.records.bulkGet(incoming.map((record) => record.id))) if (meta) metas.set(meta.id, meta);
    const updates = new Map<string, RecordMeta>();
    const toApply = new Map<SyncSource, IncomingChange[]>();
    for (const record of incoming) {
      const source = this.sourceOf(record.type);
      if (!source) continue;
      this.clock = receive(this.clock, record.hlc, this.now(), this.device);
      const meta = updates.get(record.id) ?? metas.get(record.id);
      if (meta && meta.hlc >= record.hlc) {
        // Ours is as new or newer: only learn where the vault stands, so that our push replaces that version.
        if (fromVault && record.seq !== undefined && record.seq > meta.seq) updates.set(record.id, { ...meta, seq: record.seq, dirty: meta.hlc === record.hlc ? 0 : meta.dirty });
        continue;
      }
      const deleted = record.data === null;
      updates.set(record.id, {
        id: record.id,
        type: record.type,
        hlc: record.hlc,
        hash: deleted ? '' : digest(record.data),
        seq: fromVault ? (record.seq ?? 0) : (meta?.seq ?? 0),
        dirty: fromVault ? 0 : 1,
        deleted,
      });
      const list = toApply.get(source) ?? [];
      list.push({ id: record.id, type: record.type, data: record.data });
      toApply.set(source, list);
    }
    const applied = new Map<string, number>();
    const rejected: { id: string; type: string }[] = [];
    const deletedIds = (id: string) => (updates.get(id) ?? metas.get(id))?.deleted === true;
    for (const [source, changes] of toApply) {
      const refused = new Set(await source.apply(changes, { isDeleted: deletedIds }));
      for (const change of changes) {
        if (refused.has(change.id)) {
          rejected.push({ id: change.id, type: change.type });
          updates.delete(change.id);
        } else applied.set(change.type, (applied.get(change.type) ?? 0) + 1);
      }
    }
    // A source may store a version in its own normal form: remember that form, so that it is not taken for an edit made here.
    await this.rehash(toApply, updates);
    if (updates.size) await db.records.bulkPut([...updates.values()]);
    await this.save();
    return { applied, rejected };
  }

  private async rehash(applied: Map<SyncSource, IncomingChange[]>, updates: Map<string, RecordMeta>): Promise<void> {
    for (const [source, changes] of applied) {
      const ids = new Set(changes.filter((change) => change.data !== null).map((change) => change.id));
      if (!ids.size) continue;
      for (const record of await source.list()) {
        const meta = updates.get(record.id);
        if (meta && ids.has(record.id)) meta.hash = digest(record.data);
      }
    }
  }

  /** Every record of the active sources with its stamp (edits made here stamped first): what "export all" writes. */
  async everything(): Promise<StampedRecord[]> {
    await this.load();
    await this.scan();
    const out: StampedRecord[] = [];
    const db = syncDb();
    for (const source of this.activeSources()) {
      const metas = new Map((await db.records.where('type').anyOf([...source.types]).toArray()).map((meta) => [meta.id, meta]));
      for (const record of await source.list()) out.push({ id: record.id, type: record.type, hlc: metas.get(record.id)?.hlc ?? zeroHlc, data: record.data });
      for (const meta of metas.values()) if (meta.deleted) out.push({ id: meta.id, type: meta.type, hlc: meta.hlc, data: null });
    }
    return out;
  }

  /** Marks every live record of these types deleted and dirty, whatever the sources hold; answers their ids. */
  async tombstone(types: readonly string[]): Promise<string[]> {
    const db = syncDb();
    const live = (await db.records.where('type').anyOf([...types]).toArray()).filter((meta) => !meta.deleted);
    await db.records.bulkPut(live.map((meta) => ({ ...meta, hlc: this.stamp(), hash: '', dirty: 1 as const, deleted: true })));
    await this.save();
    return live.map((meta) => meta.id);
  }

  /**
   * Makes these versions this device's newest edits (a snapshot's restore): they win over what the
   * vault holds now. Deletions are left out: a restore brings back, it never removes.
   */
  restamp(records: readonly StampedRecord[]): StampedRecord[] {
    return records.filter((record) => record.data !== null).map((record) => ({ id: record.id, type: record.type, data: record.data, hlc: this.stamp() }));
  }
}
