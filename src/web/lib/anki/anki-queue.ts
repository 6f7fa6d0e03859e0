import Dexie, { liveQuery, type EntityTable } from 'dexie';
import type { Settings } from '../../../common/settings';
import { http } from '../http/http-client';
import { getSettings } from '../settings-store';
import { withLock } from '../secure-context';
import { AnkiError, ankiCall, ankiMulti, type MultiAnswer } from './anki-client';
import { buildNote, cardKey, deckQuery, fieldQuery, withMedia, type AnkiCard, type AnkiNote, type PendingMedia } from './anki-note';

/**
 * "add to Anki" with nothing lost and nothing twice: a click first writes the note to IndexedDB,
 * then the queue sends it. A note leaves the queue only once Anki has it (or refused it for a
 * reason the learner must fix). Before every add the queue asks Anki whether the note is already
 * there (the duplicate rule: first field within the deck), so a reload between "sent" and
 * "answered", or a second tab sending the same queue, never adds it again; tabs take turns
 * through a Web Lock.
 */

export interface PendingNote {
  key: string;
  note: AnkiNote;
  media: PendingMedia[];
  createdAt: number;
}

class AnkiDatabase extends Dexie {
  pending!: EntityTable<PendingNote, 'key'>;
  constructor() {
    super('kotonoha-anki');
    this.version(1).stores({ pending: 'key, createdAt' });
  }
}

let db: AnkiDatabase | null = null;
const database = () => (db ??= new AnkiDatabase());

export type CardStatus = { state: 'new' } | { state: 'exists'; noteIds: number[] };

/**
 * Whether Anki would add the note, or has it already, in one round trip (`multi`). Every other "no"
 * becomes an AnkiError that says what to fix: a missing deck or note type, a mapping naming a
 * missing field, an empty first field, the key.
 */
export async function checkNote(note: AnkiNote, media: PendingMedia[], apiKey: string): Promise<CardStatus> {
  if (!note.deckName) throw new AnkiError('deck', 'no deck chosen');
  if (!note.modelName) throw new AnkiError('model', 'no note type chosen');
  const [decks, names, detail, plain] = await ankiMulti(
    [
      { action: 'deckNames' },
      { action: 'modelFieldNames', params: { modelName: note.modelName } },
      // AnkiConnect 23.10.29.0 and older lack the detailed check
      // (docs/protocols/ankiconnect.md "Actions Kotonoha uses"): then the plain one answers.
      { action: 'canAddNotesWithErrorDetail', params: { notes: [note] } },
      { action: 'canAddNotes', params: { notes: [note] } },
    ],
    { apiKey },
  );
  const value = <T>(answer: MultiAnswer): T => {
    if (!answer.ok) throw answer.error;
    return answer.result as T;
  };
  if (!value<string[]>(decks).includes(note.deckName)) throw new AnkiError('deck', `deck was not found: ${note.deckName}`);
  const fields = value<string[]>(names);
  const missing = [...Object.keys(note.fields), ...media.map((item) => item.field)].find((field) => !fields.some((name) => name.toLowerCase() === field.toLowerCase()));
  if (missing !== undefined) throw new AnkiError('field', missing);
  const first = fields[0] ?? '';
  const firstValue = Object.entries(note.fields).find(([name]) => name.toLowerCase() === first.toLowerCase())?.[1] ?? '';
  if (firstValue.replace(/<[^>]*>/g, '').trim() === '') throw new AnkiError('empty', first);
  let canAdd: boolean;
  if (detail.ok) {
    const [answer] = detail.result as Array<{ canAdd: boolean; error?: string }>;
    if (!answer.canAdd && answer.error !== 'cannot create note because it is a duplicate') throw new AnkiError('other', answer.error ?? 'Anki would not add this note');
    canAdd = answer.canAdd;
  } else if (detail.error.failure === 'unsupported') {
    [canAdd] = value<boolean[]>(plain);
  } else throw detail.error;
  if (canAdd) return { state: 'new' };
  const noteIds = await ankiCall<number[]>('findNotes', { query: `${deckQuery(note.deckName)} ${fieldQuery(first, firstValue)}` }, { apiKey });
  if (noteIds.length === 0) throw new AnkiError('other', 'Anki would not add this note');
  return { state: 'exists', noteIds };
}

function base64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let at = 0; at < view.length; at += 0x8000) binary += String.fromCharCode(...view.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The media's bytes from this server (the clip is cut while Anki is asked about the note). */
function fetchMedia(media: PendingMedia[]): Promise<string[]> {
  return Promise.all(media.map(async (item) => base64(await (await http.request(item.url, { timeoutMs: 60_000 })).arrayBuffer())));
}

/** Stores each medium in Anki's collection; the names Anki chose. */
async function storeMedia(media: PendingMedia[], bytes: string[], apiKey: string) {
  const stored: Array<{ part: PendingMedia['part']; field: string; name: string }> = [];
  await Promise.all(
    media.map(async (item, index) => {
      const data = bytes[index];
      // deleteExisting false: a name already used for other bytes gets a new name, older notes keep theirs.
      const name = await ankiCall<string | null>('storeMediaFile', { filename: item.filename, data, deleteExisting: false }, { apiKey, timeoutMs: 60_000 });
      stored[index] = { part: item.part, field: item.field, name: name ?? item.filename };
    }),
  );
  return stored;
}

export type QueueEvent = { key: string } & ({ state: 'added'; noteId: number | null } | { state: 'failed'; error: AnkiError | Error } | { state: 'waiting' });
const listeners = new Set<(event: QueueEvent) => void>();
export function onQueueEvent(listener: (event: QueueEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const announce = (event: QueueEvent) => listeners.forEach((listener) => listener(event));

/** Sends one queued note and takes it out of the queue once Anki has it. */
async function send(item: PendingNote, apiKey: string): Promise<void> {
  const bytes = fetchMedia(item.media);
  bytes.catch(() => {});
  const status = await checkNote(item.note, item.media, apiKey);
  if (status.state === 'exists') {
    await database().pending.delete(item.key);
    announce({ key: item.key, state: 'added', noteId: status.noteIds[0] ?? null });
    return;
  }
  const note = withMedia(item.note, await storeMedia(item.media, await bytes, apiKey));
  let noteId: number | null;
  try {
    noteId = await ankiCall<number>('addNote', { note }, { apiKey });
  } catch (error) {
    // Another tab or an earlier page got there first.
    if (!(error instanceof AnkiError) || error.failure !== 'duplicate') throw error;
    noteId = null;
  }
  await database().pending.delete(item.key);
  announce({ key: item.key, state: 'added', noteId });
}

const retryMs = 5_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;

// One tab at a time sends (secure-context.ts withLock: Web Locks, or a lease on plain http); the
// before-add check keeps a note from being added twice even so.
const withQueueLock = (work: () => Promise<void>) => withLock('kotonoha-anki-queue', work);

/** Sends what waits, oldest first; when Anki is closed it tries again every few seconds. */
export function flushQueue(): Promise<void> {
  running ??= withQueueLock(async () => {
    clearTimeout(retryTimer);
    const apiKey = getSettings().anki.apiKey;
    for (const queued of await database().pending.orderBy('createdAt').toArray()) {
      // Read again: another tab may have sent it while this one waited for the lock.
      const item = await database().pending.get(queued.key);
      if (!item) continue;
      try {
        await send(item, apiKey);
      } catch (error) {
        if (error instanceof AnkiError && error.failure === 'down') {
          retryTimer = setTimeout(() => void flushQueue(), retryMs);
          announce({ key: item.key, state: 'waiting' });
          return;
        }
        // Something the learner has to fix: it leaves the queue, and the control says what.
        await database().pending.delete(item.key);
        announce({ key: item.key, state: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
  }).finally(() => {
    running = null;
  });
  return running;
}

/** One click: the note is safe in IndexedDB before anything is sent. */
export async function addCard(card: AnkiCard, anki: Settings['anki'] = getSettings().anki): Promise<void> {
  const { note, media } = buildNote(card, anki);
  const key = cardKey(card, anki);
  await database().pending.put({ key, note, media, createdAt: Date.now() });
  await flushQueue();
}

/** Whether the card waits in the queue, live (also when another tab changes the queue). */
export function watchQueued(key: string, onChange: (queued: boolean) => void): () => void {
  const subscription = liveQuery(() => database().pending.get(key)).subscribe({ next: (item) => onChange(item !== undefined), error: () => onChange(false) });
  return () => subscription.unsubscribe();
}

/** At start-up: a note queued before a reload goes out as soon as Anki answers. */
export async function resumeQueue(): Promise<void> {
  if ((await database().pending.count()) > 0) await flushQueue();
}

/** Opens Anki's card browser on the note (`guiBrowse`). */
export async function browseNotes(noteIds: number[], apiKey: string = getSettings().anki.apiKey): Promise<void> {
  await ankiCall('guiBrowse', { query: `nid:${noteIds.join(',')}` }, { apiKey });
}

export { cardKey };
