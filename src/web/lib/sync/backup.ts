import { Ledger, type StampedRecord } from './ledger';
import { base64, deriveFileKey, fromBase64, kdfIterations, minPassphraseLength, randomBytes } from './sync-crypto';
import { openRecord, sealRecord } from './sync-engine';
import type { RecordKind } from './sync-config';
import type { SyncSource } from './sync-source';
import { isHlc } from './hlc';

/**
 * "export all" and "import all" (docs/sync.md "Backup"): one JSON file of every record with its
 * stamp, optionally sealed with a passphrase of its own; importing merges by the same rule as the
 * vault, so a backup never overwrites anything newer.
 */
export const backupFormat = 'kotonoha-backup';

interface PlainFile {
  format: typeof backupFormat;
  version: 1;
  exportedAt: string;
  records: StampedRecord[];
}

interface SealedFile {
  format: typeof backupFormat;
  version: 1;
  exportedAt: string;
  encryption: { kdf: 'PBKDF2-SHA-256'; iterations: number; salt: string };
  records: { id: string; type: string; ciphertext: string }[];
}

export class BackupError extends Error {
  constructor(readonly code: 'not-backup' | 'needs-passphrase' | 'wrong-passphrase' | 'short-passphrase') {
    super(code);
    this.name = 'BackupError';
  }
}

export const backupFileName = (now = new Date()) => `kotonoha-backup_${now.toISOString().slice(0, 10)}.json`;

export async function exportAll(sources: readonly SyncSource[], enabled: (kind: RecordKind) => boolean, passphrase?: string): Promise<string> {
  const records = await new Ledger(sources, enabled).everything();
  const exportedAt = new Date().toISOString();
  if (!passphrase) return JSON.stringify({ format: backupFormat, version: 1, exportedAt, records } satisfies PlainFile);
  if (passphrase.length < minPassphraseLength) throw new BackupError('short-passphrase');
  const salt = randomBytes(16);
  const key = await deriveFileKey(passphrase, salt);
  const sealed = await Promise.all(records.map(async (record) => ({ id: record.id, type: record.type, ciphertext: await sealRecord(key, record) })));
  return JSON.stringify({
    format: backupFormat,
    version: 1,
    exportedAt,
    encryption: { kdf: 'PBKDF2-SHA-256', iterations: kdfIterations, salt: base64(salt) },
    records: sealed,
  } satisfies SealedFile);
}

/** Whether the file needs a passphrase; throws BackupError('not-backup') for anything else. */
export function readBackupHeader(text: string): { sealed: boolean; records: number; exportedAt: string } {
  let file: Partial<PlainFile & SealedFile>;
  try {
    file = JSON.parse(text) as Partial<PlainFile & SealedFile>;
  } catch {
    throw new BackupError('not-backup');
  }
  if (file?.format !== backupFormat || file.version !== 1 || !Array.isArray(file.records)) throw new BackupError('not-backup');
  return { sealed: file.encryption !== undefined, records: file.records.length, exportedAt: String(file.exportedAt ?? '') };
}

const isRecord = (value: unknown): value is StampedRecord =>
  typeof value === 'object' && value !== null && typeof (value as StampedRecord).id === 'string' && typeof (value as StampedRecord).type === 'string' && isHlc((value as StampedRecord).hlc) && 'data' in value;

/** Merges a backup into this device; answers how many records were written and how many could not be read. */
export async function importAll(
  text: string,
  sources: readonly SyncSource[],
  enabled: (kind: RecordKind) => boolean,
  passphrase?: string,
): Promise<{ applied: number; unreadable: number }> {
  readBackupHeader(text);
  const file = JSON.parse(text) as PlainFile | SealedFile;
  let records: StampedRecord[] = [];
  let unreadable = 0;
  if ('encryption' in file) {
    if (!passphrase) throw new BackupError('needs-passphrase');
    const key = await deriveFileKey(passphrase, fromBase64(file.encryption.salt), file.encryption.iterations);
    for (const sealed of file.records) {
      const opened = await openRecord(key, sealed);
      if (opened === 'decrypt' && !records.length && !unreadable) throw new BackupError('wrong-passphrase');
      if (typeof opened === 'string') unreadable++;
      else records.push({ id: sealed.id, type: sealed.type, hlc: opened.hlc, data: opened.data });
    }
  } else {
    records = file.records.filter(isRecord);
    unreadable = file.records.length - records.length;
  }
  const ledger = new Ledger(sources, enabled);
  await ledger.load();
  // What was edited here since the last look is stamped first, so that the file's older versions lose to it.
  await ledger.scan();
  const { applied, rejected } = await ledger.merge(records, { fromVault: false });
  return { applied: [...applied.values()].reduce((a, b) => a + b, 0), unreadable: unreadable + rejected.length };
}
