import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local AnkiConnect (API version 6) that speaks docs/protocols/ankiconnect.md "Transport": any
 * path, body read by Content-Length, the socket closed after every answer, every action error as
 * HTTP 200 `{"result":null,"error":"…"}`, CORS and origin trust as the add-on does them, the API
 * key (also per `multi` child), the duplicate rule (first field, HTML stripped, same note type,
 * scope deck with children), stored media with Anki's names. `stop()` stops listening, so clients
 * see connection refused (Anki not running); `start()` listens again on the same port.
 */

export interface FakeAnkiOptions {
  port?: number;
  apiKey?: unknown;
  /** webCorsOriginList (default `["http://localhost"]`). */
  corsOrigins?: string[];
  /** Origins whose requestPermission is denied. */
  deniedOrigins?: string[];
  /** The later add-on's canAddNotesWithErrorDetail; without it the action is "unsupported action" (GitHub 23.10.29.0). */
  errorDetail?: boolean;
}

export interface FakeNote {
  noteId: number;
  modelName: string;
  deckName: string;
  fields: Record<string, string>;
  tags: string[];
  cards: number[];
}

export interface FakeAnki {
  url: string;
  port: number;
  decks: Map<string, number>;
  models: Map<string, string[]>;
  notes: FakeNote[];
  media: Map<string, Buffer>;
  /** Every request body as parsed (or the raw text when it was not JSON), in order. */
  requests: unknown[];
  /** `{action, params}` of every guiBrowse / guiAddCards / sync. */
  guiCalls: Array<{ action: string; params: Record<string, unknown> }>;
  options: FakeAnkiOptions;
  /** Answers after this many ms (a busy Anki), 0 = at once. */
  delayMs: number;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  listening: () => boolean;
}

type Params = Record<string, unknown>;
class ActionError extends Error {}

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();

let lastId = 1_700_000_000_000;
const nextId = () => (lastId = Math.max(lastId + 1, Date.now()));

export async function startFakeAnki(options: FakeAnkiOptions = {}): Promise<FakeAnki> {
  const decks = new Map<string, number>([['Default', 1]]);
  const models = new Map<string, string[]>([
    ['Basic', ['Front', 'Back']],
    ['Basic (and reversed card)', ['Front', 'Back']],
    ['Cloze', ['Text', 'Back Extra']],
  ]);
  const notes: FakeNote[] = [];
  const media = new Map<string, Buffer>();
  const requests: unknown[] = [];
  const guiCalls: FakeAnki['guiCalls'] = [];
  const corsOrigins = () => options.corsOrigins ?? ['http://localhost'];

  function trusted(origin: string | undefined): { ok: boolean; allow: string } {
    if (origin === undefined) return { ok: true, allow: 'http://localhost' };
    const list = corsOrigins();
    if (list.includes('*')) return { ok: true, allow: '*' };
    if (list.includes(origin)) return { ok: true, allow: origin };
    if (list.includes('http://localhost')) {
      if (/^https?:\/\/127\.0\.0\.1$/.test(origin) || /^http:\/\/127\.0\.0\.1:\d+$/.test(origin) || /^(chrome|moz|safari-web)-extension:\/\//.test(origin)) {
        return { ok: true, allow: origin };
      }
    }
    return { ok: false, allow: 'http://localhost' };
  }

  function modelFields(name: unknown): string[] {
    const fields = models.get(String(name));
    if (!fields) throw new ActionError(`model was not found: ${String(name)}`);
    return fields;
  }

  const inDeck = (noteDeck: string, scope: string, children: boolean) => noteDeck === scope || (children && noteDeck.startsWith(`${scope}::`));

  /** addNote's checks in the add-on's order; returns the note to store. */
  function validate(raw: unknown): FakeNote {
    const note = (raw ?? {}) as Params;
    const fieldNames = modelFields(note.modelName);
    const deckName = String(note.deckName);
    if (!decks.has(deckName)) throw new ActionError(`deck was not found: ${deckName}`);
    const opts = (note.options ?? {}) as Params;
    const scopeOptions = (opts.duplicateScopeOptions ?? {}) as Params;
    for (const [name, value] of [
      ['allowDuplicate', opts.allowDuplicate],
      ['duplicateScopeOptions.checkChildren', scopeOptions.checkChildren],
      ['duplicateScopeOptions.checkAllModels', scopeOptions.checkAllModels],
    ] as const) {
      if (value !== undefined && typeof value !== 'boolean') throw new ActionError(`option parameter "${name}" must be boolean`);
    }
    const given = (note.fields ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = Object.fromEntries(fieldNames.map((name) => [name, '']));
    for (const [key, value] of Object.entries(given)) {
      const match = fieldNames.find((name) => name.toLowerCase() === key.toLowerCase());
      if (match) fields[match] = String(value);
    }
    const first = stripHtml(fields[fieldNames[0]]);
    if (first === '') throw new ActionError('cannot create note because it is empty');
    if (opts.allowDuplicate !== true) {
      const scopeDeck = opts.duplicateScope === 'deck' ? String(scopeOptions.deckName ?? deckName) : null;
      const duplicate = notes.some(
        (other) =>
          (scopeOptions.checkAllModels === true || other.modelName === note.modelName) &&
          stripHtml(Object.values(other.fields)[0] ?? '') === first &&
          (scopeDeck === null || (decks.has(scopeDeck) && inDeck(other.deckName, scopeDeck, scopeOptions.checkChildren === true))),
      );
      if (duplicate) throw new ActionError('cannot create note because it is a duplicate');
    }
    const tags = Array.isArray(note.tags) ? note.tags.map(String) : [];
    const noteId = nextId();
    const cardCount = note.modelName === 'Basic (and reversed card)' ? 2 : 1;
    return { noteId, modelName: String(note.modelName), deckName, fields, tags, cards: Array.from({ length: cardCount }, () => nextId()) };
  }

  function storeMedia(params: Params, deleteExistingDefault: boolean): string | null {
    const filename = path.basename(String(params.filename ?? '').normalize('NFC'));
    let data: Buffer;
    if (typeof params.data === 'string') data = Buffer.from(params.data, 'base64');
    else if (typeof params.path === 'string') data = fs.readFileSync(params.path);
    else if (typeof params.url === 'string') throw new ActionError(`${params.url} download failed with return code 404`);
    else throw new ActionError('You must provide a "data", "path", or "url" field.');
    if (typeof params.skipHash === 'string' && createHash('md5').update(data).digest('hex') === params.skipHash) return null;
    const deleteExisting = typeof params.deleteExisting === 'boolean' ? params.deleteExisting : deleteExistingDefault;
    const existing = media.get(filename);
    if (existing && !deleteExisting && !existing.equals(data)) {
      const extension = path.extname(filename);
      const named = `${filename.slice(0, filename.length - extension.length)}-${createHash('sha1').update(data).digest('hex')}${extension}`;
      media.set(named, data);
      return named;
    }
    media.set(filename, data);
    return filename;
  }

  function attachMedia(note: FakeNote, raw: Params) {
    for (const [kind, tag] of [
      ['audio', (name: string) => `[sound:${name}]`],
      ['video', (name: string) => `[sound:${name}]`],
      ['picture', (name: string) => `<img src="${name}">`],
    ] as const) {
      const value = raw[kind];
      const entries = (Array.isArray(value) ? value : value ? [value] : []) as Params[];
      for (const entry of entries) {
        const targets = Array.isArray(entry.fields) ? entry.fields.map(String) : [];
        if (targets.length === 0) continue;
        let appended: string;
        try {
          const name = storeMedia(entry, false);
          if (name === null) continue;
          appended = tag(name);
        } catch (error) {
          appended = (error as Error).message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        }
        for (const target of targets) {
          const match = Object.keys(note.fields).find((name) => name.toLowerCase() === target.toLowerCase());
          if (match) note.fields[match] += appended;
        }
      }
    }
  }

  /**
   * Anki's search, the part docs/protocols/ankiconnect.md "Actions Kotonoha uses" lists: deck:,
   * "Field:value", Field:*x*, tag:, note:, AND by spaces.
   */
  function search(query: string): FakeNote[] {
    const terms = query.match(/"[^"]*"|\S+/g) ?? [];
    const tests = terms.map((raw) => {
      const term = raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
      const colon = term.indexOf(':');
      if (colon < 0) throw new ActionError(`the fake does not understand the search term ${raw}`);
      const key = term.slice(0, colon).toLowerCase();
      const value = term.slice(colon + 1).replace(/\\(.)/g, '$1');
      if (key === 'deck') return (note: FakeNote) => value === 'current' || inDeck(note.deckName, value, true);
      if (key === 'tag') return (note: FakeNote) => note.tags.some((tag) => tag.toLowerCase() === value.toLowerCase());
      if (key === 'note') return (note: FakeNote) => note.modelName === value;
      if (key === 'nid') return (note: FakeNote) => value.split(',').includes(String(note.noteId));
      return (note: FakeNote) => {
        const field = Object.keys(note.fields).find((name) => name.toLowerCase() === key);
        if (field === undefined) return false;
        const text = stripHtml(note.fields[field]);
        if (value.startsWith('*') && value.endsWith('*') && value.length >= 2) return text.includes(value.slice(1, -1));
        return text === value;
      };
    });
    return notes.filter((note) => tests.every((test) => test(note)));
  }

  const knownParams: Record<string, string[]> = {
    version: [],
    requestPermission: [],
    deckNames: [],
    deckNamesAndIds: [],
    createDeck: ['deck'],
    modelNames: [],
    modelFieldNames: ['modelName'],
    addNote: ['note'],
    addNotes: ['notes'],
    canAddNotes: ['notes'],
    canAddNotesWithErrorDetail: ['notes'],
    findNotes: ['query'],
    notesInfo: ['notes'],
    updateNoteFields: ['note'],
    storeMediaFile: ['filename', 'data', 'path', 'url', 'skipHash', 'deleteExisting'],
    retrieveMediaFile: ['filename'],
    getMediaFilesNames: ['pattern'],
    deleteMediaFile: ['filename'],
    deleteNotes: ['notes'],
    deleteDecks: ['decks', 'cardsToo'],
    guiBrowse: ['query', 'reorderCards'],
    guiAddCards: ['note'],
    sync: [],
    multi: ['actions'],
  };

  function perform(action: string, params: Params, origin: string | undefined): unknown {
    switch (action) {
      case 'version':
        return 6;
      case 'requestPermission':
        if (origin !== undefined && (options.deniedOrigins ?? []).includes(origin)) return { permission: 'denied' };
        return { permission: 'granted', requireApikey: options.apiKey !== undefined && options.apiKey !== null, version: 6 };
      case 'deckNames':
        return [...decks.keys()];
      case 'deckNamesAndIds':
        return Object.fromEntries(decks);
      case 'createDeck': {
        const name = String(params.deck);
        if (!decks.has(name)) decks.set(name, nextId());
        return decks.get(name);
      }
      case 'modelNames':
        return [...models.keys()];
      case 'modelFieldNames':
        return modelFields(params.modelName);
      case 'addNote': {
        const note = validate(params.note);
        attachMedia(note, (params.note ?? {}) as Params);
        notes.push(note);
        return note.noteId;
      }
      case 'addNotes':
        return ((params.notes ?? []) as unknown[]).map((raw) => {
          try {
            const note = validate(raw);
            attachMedia(note, raw as Params);
            notes.push(note);
            return note.noteId;
          } catch {
            return null;
          }
        });
      case 'canAddNotes':
        return ((params.notes ?? []) as unknown[]).map((raw) => {
          try {
            validate(raw);
            return true;
          } catch {
            return false;
          }
        });
      case 'canAddNotesWithErrorDetail':
        if (!options.errorDetail) throw new ActionError('unsupported action');
        return ((params.notes ?? []) as unknown[]).map((raw) => {
          try {
            validate(raw);
            return { canAdd: true };
          } catch (error) {
            return { canAdd: false, error: (error as Error).message };
          }
        });
      case 'findNotes':
        return typeof params.query === 'string' ? search(params.query).map((note) => note.noteId) : [];
      case 'notesInfo':
        return ((params.notes ?? []) as unknown[]).map((id) => {
          const note = notes.find((candidate) => candidate.noteId === id);
          if (!note) return {};
          const fieldNames = models.get(note.modelName) ?? Object.keys(note.fields);
          return {
            noteId: note.noteId,
            modelName: note.modelName,
            tags: note.tags,
            fields: Object.fromEntries(fieldNames.map((name, order) => [name, { value: note.fields[name] ?? '', order }])),
            cards: note.cards,
          };
        });
      case 'updateNoteFields': {
        const raw = (params.note ?? {}) as Params;
        const note = notes.find((candidate) => candidate.noteId === raw.id);
        if (!note) throw new ActionError(`Note was not found: ${String(raw.id)}`);
        for (const [name, value] of Object.entries((raw.fields ?? {}) as Record<string, unknown>)) if (name in note.fields) note.fields[name] = String(value);
        return null;
      }
      case 'storeMediaFile':
        return storeMedia(params, true);
      case 'retrieveMediaFile': {
        const data = media.get(path.basename(String(params.filename ?? '')).normalize('NFC'));
        return data ? data.toString('base64') : false;
      }
      case 'getMediaFilesNames': {
        const pattern = String(params.pattern ?? '*');
        const glob = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
        return [...media.keys()].filter((name) => glob.test(name));
      }
      case 'deleteMediaFile':
        media.delete(String(params.filename));
        return null;
      case 'deleteNotes': {
        const ids = new Set((params.notes ?? []) as unknown[]);
        for (let index = notes.length - 1; index >= 0; index--) if (ids.has(notes[index].noteId)) notes.splice(index, 1);
        return null;
      }
      case 'deleteDecks':
        for (const name of (params.decks ?? []) as string[]) decks.delete(name);
        return null;
      case 'guiBrowse':
        guiCalls.push({ action, params });
        return typeof params.query === 'string' ? search(params.query).flatMap((note) => note.cards) : [];
      case 'guiAddCards': {
        guiCalls.push({ action, params });
        const note = (params.note ?? {}) as Params;
        modelFields(note.modelName);
        if (!decks.has(String(note.deckName))) throw new ActionError(`deck was not found: ${String(note.deckName)}`);
        return nextId();
      }
      case 'sync':
        guiCalls.push({ action, params });
        return null;
      default:
        throw new ActionError('unsupported action');
    }
  }

  /** One request object, as the add-on's handler takes it (also each `multi` child). */
  function handle(request: unknown, origin: string | undefined): unknown {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) return { result: null, error: `${JSON.stringify(request)} is not of type 'object'` };
    const { action, version = 4, params = {}, key } = request as Params;
    if (action === undefined) return { result: null, error: "'action' is a required property" };
    if (typeof action !== 'string') return { result: null, error: `${JSON.stringify(action)} is not of type 'string'` };
    if (!Number.isInteger(version)) return { result: null, error: `${JSON.stringify(version)} is not of type 'integer'` };
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return { result: null, error: `${JSON.stringify(params)} is not of type 'object'` };
    const wrap = (result: unknown) => ((version as number) >= 5 ? { result, error: null } : result);
    if (action !== 'requestPermission' && options.apiKey !== undefined && options.apiKey !== null && JSON.stringify(key) !== JSON.stringify(options.apiKey)) {
      return { result: null, error: 'valid api key must be provided' };
    }
    const allowed = knownParams[action];
    if (allowed) {
      const unexpected = Object.keys(params as Params).find((name) => !allowed.includes(name));
      if (unexpected) return { result: null, error: `${action}() got an unexpected keyword argument '${unexpected}'` };
    }
    try {
      if (action === 'multi') {
        const actions = (params as Params).actions;
        return wrap(Array.isArray(actions) ? actions.map((child) => handle(child, origin)) : []);
      }
      return wrap(perform(action, params as Params, origin));
    } catch (error) {
      return { result: null, error: (error as Error).message };
    }
  }

  const state: FakeAnki = {
    url: '',
    port: options.port ?? 0,
    decks,
    models,
    notes,
    media,
    requests,
    guiCalls,
    options,
    delayMs: 0,
    start,
    stop,
    listening: () => server?.listening ?? false,
  };

  let server: http.Server | undefined;
  const sockets = new Set<import('node:net').Socket>();

  function answer(res: http.ServerResponse, status: number, headers: Record<string, string>, body: string | null) {
    const bytes = body === null ? null : Buffer.from(body);
    res.writeHead(status, status === 200 ? 'OK' : 'Forbidden', { ...headers, ...(bytes ? { 'Content-Length': String(bytes.length) } : {}), Connection: 'close' });
    res.end(bytes ?? undefined, () => res.socket?.destroy());
  }

  function onRequest(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = () => {
        const origin = req.headers.origin;
        const trust = trusted(origin);
        const cors = { 'Access-Control-Allow-Origin': trust.allow, 'Access-Control-Allow-Headers': '*' };
        if (req.method === 'OPTIONS') {
          const privateNetwork: Record<string, string> = req.headers['access-control-request-private-network'] === 'true' ? { 'Access-Control-Allow-Private-Network': 'true' } : {};
          return answer(res, 200, { 'Content-Type': 'application/json', ...cors, ...privateNetwork }, '');
        }
        const text = Buffer.concat(chunks).toString('utf8');
        if (text === '') return answer(res, 200, { 'Content-Type': 'application/json', ...cors }, 'AnkiConnect v.6');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          requests.push(text);
          return answer(res, 200, { 'Content-Type': 'application/json', ...cors }, JSON.stringify({ result: null, error: 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)' }));
        }
        requests.push(parsed);
        const action = (parsed as Params | null)?.action;
        if (!trust.ok && action !== 'requestPermission') return answer(res, 403, { 'Access-Control-Allow-Origin': 'http://localhost', 'Access-Control-Allow-Headers': '*' }, null);
        const result = handle(parsed, origin);
        answer(res, 200, { 'Content-Type': 'application/json', ...(action === 'requestPermission' && origin ? { ...cors, 'Access-Control-Allow-Origin': origin } : cors) }, JSON.stringify(result));
      };
      if (state.delayMs > 0) setTimeout(reply, state.delayMs);
      else reply();
    });
  }

  async function start() {
    if (server?.listening) return;
    server = http.createServer(onRequest);
    server.keepAliveTimeout = 0;
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(state.port, '127.0.0.1', () => resolve());
    });
    state.port = (server.address() as AddressInfo).port;
    state.url = `http://127.0.0.1:${state.port}`;
  }

  async function stop() {
    if (!server) return;
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await start();
  return state;
}
