import type { StorageKey } from '../storage';
import type { RecordKind } from './sync-config';

/**
 * One kind of the learner's data as the sync sees it (docs/sync.md "What travels"): the app
 * composes the sources (src/web/app/sync), so this library knows no feature.
 */
export interface LocalRecord {
  id: string;
  type: string;
  data: unknown;
  /** Never edited here (a setting at its default): any version from elsewhere is newer. */
  pristine?: boolean;
  /** Not ready to travel (a chat whose reply is still streaming): neither sent nor taken for deleted. */
  held?: boolean;
}

/** A version from elsewhere to write here; `data` null = deleted there. */
export interface IncomingChange {
  id: string;
  type: string;
  data: unknown;
}

export interface ApplyContext {
  /** Whether the vault holds this record as deleted (a chat's messages arriving after the chat was deleted stay away). */
  isDeleted(id: string): boolean;
}

export interface SyncSource {
  kind: RecordKind;
  types: readonly string[];
  /** The IndexedDB databases whose writes are edits of this source (a round follows them). */
  databases?: readonly string[];
  /** The localStorage keys whose writes are edits of this source. */
  storageKeys?: readonly StorageKey[];
  /** Every record as it is now on this device. */
  list(): Promise<LocalRecord[]>;
  /** Writes versions from elsewhere; answers the ids whose content it could not read (they are reported, never deleted). */
  apply(changes: IncomingChange[], context: ApplyContext): Promise<string[]>;
}

/** JSON with object keys sorted, so equal content always gives equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** A 53-bit digest (cyrb53) of a record's content: enough to tell an edit, not a secret. */
export function digest(value: unknown): string {
  const text = stableJson(value) ?? 'undefined';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
