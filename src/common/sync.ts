import * as z from 'zod/mini';
import { wholeNumberParam } from './query-params';

/**
 * The sync vault's wire (docs/api.md "Sync"): the server keeps opaque records for a vault, each
 * sealed on the device. It sees ids, types, sequence numbers and ciphertext, never a
 * key, a passphrase or a plain word.
 */
export const syncLimits = {
  /** One record's ciphertext, in bytes. */
  recordBytes: 1024 * 1024,
  /** A vault's live records together, in bytes. */
  vaultBytes: 200 * 1024 * 1024,
  /** Records in one push or one page of changes. */
  batch: 500,
  /** Requests a vault answers per minute. */
  requestsPerMinute: 600,
  /** Daily snapshots kept per vault. */
  snapshots: 10,
  /** Longest a "changes" request waits for a write, in seconds. */
  waitSeconds: 30,
  /** "changes" requests a vault holds at once; another answers at once. */
  waitersPerVault: 20,
} as const;

/** 32 bytes in base64url without padding: a vault id (from its name) and a write token (from the passphrase). */
const key32 = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));
export const vaultIdSchema = key32;
export const writeTokenSchema = key32;

export const recordIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,200}$/));
export const recordTypeSchema = z.string().check(z.regex(/^[a-z][a-z0-9.-]{0,39}$/));
/** Ciphertext travels as base64 (standard alphabet, padded). */
const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/));

/** One record as a device sends it: `ifSeq`, when given, writes only over that version. */
export const pushRecordSchema = z.object({
  id: recordIdSchema,
  type: recordTypeSchema,
  ciphertext: base64,
  deleted: z.optional(z.boolean()),
  ifSeq: z.optional(z.int().check(z.minimum(0))),
});
export type PushRecord = z.infer<typeof pushRecordSchema>;

export const pushBodySchema = z.object({ records: z.array(pushRecordSchema).check(z.minLength(1), z.maxLength(syncLimits.batch)) });

export const storedRecordSchema = z.object({ id: z.string(), type: z.string(), seq: z.int(), ciphertext: z.string(), deleted: z.boolean() });
export type StoredRecord = z.infer<typeof storedRecordSchema>;

/** `POST /api/sync/<vault>/open`: whether the vault was made now, and its latest sequence number. */
export const openAnswerSchema = z.object({ created: z.boolean(), seq: z.int(), bytes: z.int() });

/** `GET /api/sync/<vault>/changes?since=N&wait=S`: the records written after N, oldest first; with none yet, held up to S seconds for a write. */
export const changesQuerySchema = z.object({ since: wholeNumberParam(0), limit: wholeNumberParam(1, syncLimits.batch), wait: wholeNumberParam(0, syncLimits.waitSeconds) });
export const changesAnswerSchema = z.object({ seq: z.int(), records: z.array(storedRecordSchema), more: z.boolean() });

/** `POST /api/sync/<vault>/records`: each record's new sequence number, or the version it did not match. */
export const pushAnswerSchema = z.object({
  seq: z.int(),
  bytes: z.int(),
  results: z.array(z.union([z.object({ id: z.string(), seq: z.int() }), z.object({ id: z.string(), conflict: z.int() })])),
});

export const snapshotSchema = z.object({ day: z.string(), seq: z.int(), records: z.int(), bytes: z.int() });
export type Snapshot = z.infer<typeof snapshotSchema>;
export const snapshotsAnswerSchema = z.object({ snapshots: z.array(snapshotSchema) });
export const snapshotAnswerSchema = z.object({ day: z.string(), seq: z.int(), records: z.array(storedRecordSchema) });

export const snapshotDaySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
