import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import type { FakeHandler, RecordedRequest } from '../fake-server';

/**
 * A local Notion API that speaks docs/protocols/notion.md: `POST /v1/databases/{id}/query`
 * (Notion-Version 2022-06-28) and, from 2025-09-03, `GET /v1/databases/{id}` → `data_sources[]`
 * then `POST /v1/data_sources/{id}/query`; pagination with `start_cursor`/`has_more`/`next_cursor`
 * (page_size ≤ 100); title/rich_text/date filters and sorts; `PATCH /v1/pages/{id}`; page
 * creation; block children; and the error envelope `{"object":"error","status","code","message",
 * "request_id"}`, 429 `rate_limited` with Retry-After included.
 *
 * A database with several data sources refuses the 2022-06-28 query, as Notion does, so the
 * client's switch to the data-source API is exercised. Tests steer the fake through `state`.
 */

export type Json = Record<string, unknown>;

export interface FakePage {
  object: 'page';
  id: string;
  created_time: string;
  last_edited_time: string;
  created_by: Json;
  last_edited_by: Json;
  cover: null;
  icon: null;
  parent: Json;
  archived: boolean;
  in_trash: boolean;
  properties: Record<string, Json>;
  url: string;
  public_url: null;
}

export interface FakeDatabase {
  id: string;
  title: string;
  dataSourceIds: string[];
  /** Property name → type, as the database schema lists them. */
  schema: Record<string, string>;
  pages: FakePage[];
}

export interface ForcedReply {
  method?: string;
  path?: RegExp;
  status: number;
  retryAfter?: number;
  /** How many matching requests get this reply (default 1). */
  times?: number;
}

export interface NotionFakeState {
  /** Integration tokens the fake accepts, each with the database ids shared with it. */
  tokens: Map<string, Set<string>>;
  databases: Map<string, FakeDatabase>;
  blocks: Map<string, Json[]>;
  forced: ForcedReply[];
  /** PATCHes Notion accepted (after any forced failures), in order. */
  accepted: Array<{ pageId: string; properties: Json; token: string }>;
  delayMs: number;
}

const errorTexts: Record<number, [string, string]> = {
  400: ['validation_error', 'body failed validation.'],
  401: ['unauthorized', 'API token is invalid.'],
  404: ['object_not_found', 'Could not find object.'],
  429: ['rate_limited', 'You have been rate limited. Please try again in a few minutes.'],
  500: ['internal_server_error', 'Unexpected error occurred.'],
  502: ['bad_gateway', 'Bad gateway.'],
  503: ['service_unavailable', 'Notion is unavailable, please try again later.'],
};

function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'x-notion-request-id': randomUUID(),
    ...headers,
  });
  response.end(text);
}

/** The wire's error envelope, field order as in the 139-byte live 401. */
export function notionError(status: number, code: string, message: string) {
  return { object: 'error', status, code, message, request_id: randomUUID() };
}

function fail(response: http.ServerResponse, status: number, message?: string, code?: string, headers?: Record<string, string>) {
  const [defaultCode, defaultMessage] = errorTexts[status] ?? ['internal_server_error', 'Unexpected error occurred.'];
  sendJson(response, status, notionError(status, code ?? defaultCode, message ?? defaultMessage), headers);
}

const uuidPattern = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const dashed = (id: string) => {
  const hex = id.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function richText(content: string, annotations: Partial<Record<'bold' | 'italic' | 'strikethrough' | 'underline' | 'code', boolean>> & { color?: string } = {}, link: string | null = null) {
  return {
    type: 'text',
    text: { content, link: link ? { url: link } : null },
    annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: 'default', ...annotations },
    plain_text: content,
    href: link,
  };
}

const plain = (value: Json | undefined): string => {
  if (!value) return '';
  const type = value.type as string;
  const inner = value[type];
  if (Array.isArray(inner)) return inner.map((part: Json) => (part.plain_text as string) ?? (part.name as string) ?? '').join('');
  if (inner && typeof inner === 'object') return String((inner as Json).start ?? (inner as Json).name ?? '');
  return inner == null ? '' : String(inner);
};

function matches(page: FakePage, filter: Json | undefined): boolean {
  if (!filter) return true;
  if (Array.isArray(filter.or)) return (filter.or as Json[]).some((part) => matches(page, part));
  if (Array.isArray(filter.and)) return (filter.and as Json[]).every((part) => matches(page, part));
  const property = page.properties[filter.property as string];
  if (!property) return false;
  for (const type of ['title', 'rich_text']) {
    const condition = filter[type] as Json | undefined;
    if (!condition) continue;
    const text = plain(property).toLowerCase();
    if (typeof condition.contains === 'string') return text.includes(condition.contains.toLowerCase());
    if (typeof condition.equals === 'string') return text === condition.equals.toLowerCase();
    if (condition.is_empty) return text === '';
  }
  const date = filter.date as Json | undefined;
  if (date) {
    const start = (property.date as Json | null)?.start as string | undefined;
    if (date.is_empty) return !start;
    if (date.is_not_empty) return Boolean(start);
    if (typeof date.on_or_before === 'string') return Boolean(start) && start! <= date.on_or_before;
  }
  const checkbox = filter.checkbox as Json | undefined;
  if (checkbox) return property.checkbox === checkbox.equals;
  return true;
}

function sortPages(pages: FakePage[], sorts: Json[] | undefined): FakePage[] {
  if (!sorts?.length) return pages;
  return [...pages].sort((a, b) => {
    for (const sort of sorts) {
      const key = (page: FakePage) => (sort.timestamp ? (page[sort.timestamp as 'created_time'] as string) : plain(page.properties[sort.property as string]));
      const order = key(a).localeCompare(key(b)) * (sort.direction === 'descending' ? -1 : 1);
      if (order) return order;
    }
    return 0;
  });
}

export function createNotionFake(overrides: Partial<NotionFakeState> = {}) {
  const state: NotionFakeState = {
    tokens: new Map(),
    databases: new Map(),
    blocks: new Map(),
    forced: [],
    accepted: [],
    delayMs: 0,
    ...overrides,
  };

  const findPage = (id: string) => {
    for (const database of state.databases.values()) {
      const page = database.pages.find((candidate) => candidate.id === id);
      if (page) return { page, database };
    }
    return undefined;
  };

  function list(response: http.ServerResponse, pages: FakePage[], body: Json, objectType = 'page_or_database') {
    const size = Math.min(Math.max(Number(body.page_size ?? 100) || 100, 1), 100);
    const start = typeof body.start_cursor === 'string' ? pages.findIndex((page) => page.id === body.start_cursor) : 0;
    if (start < 0) return fail(response, 400, `start_cursor ${String(body.start_cursor)} is invalid.`);
    const slice = pages.slice(start, start + size);
    const next = pages[start + size];
    sendJson(response, 200, {
      object: 'list',
      results: slice,
      next_cursor: next ? next.id : null,
      has_more: Boolean(next),
      type: objectType,
      [objectType]: {},
      request_id: randomUUID(),
    });
  }

  const handler: FakeHandler = async (request: RecordedRequest, response) => {
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const url = new URL(request.url, 'http://notion.local');
    const path = url.pathname;
    const forced = state.forced.find((reply) => (!reply.method || reply.method === request.method) && (!reply.path || reply.path.test(path)));
    if (forced) {
      forced.times = (forced.times ?? 1) - 1;
      if (forced.times <= 0) state.forced.splice(state.forced.indexOf(forced), 1);
      return fail(response, forced.status, undefined, undefined, forced.retryAfter !== undefined ? { 'retry-after': String(forced.retryAfter) } : {});
    }

    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
    const shared = state.tokens.get(token);
    if (!shared) return fail(response, 401);
    const version = String(request.headers['notion-version'] ?? '');
    if (!version) return fail(response, 400, 'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.', 'missing_version');
    let body: Json = {};
    if (request.body.length) {
      try {
        body = JSON.parse(request.body.toString('utf8')) as Json;
      } catch {
        return fail(response, 400, 'Error parsing JSON body.', 'invalid_json');
      }
    }
    const databaseFor = (rawId: string, kind = 'database') => {
      if (!uuidPattern.test(rawId)) {
        fail(response, 400, `path failed validation: path.${kind}_id should be a valid uuid, instead was \`"${rawId}"\`.`);
        return undefined;
      }
      const id = dashed(rawId);
      const database =
        kind === 'database' ? state.databases.get(id) : [...state.databases.values()].find((candidate) => candidate.dataSourceIds.includes(id));
      if (!database || !shared.has(database.id)) {
        fail(response, 404, `Could not find ${kind.replace('_', ' ')} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`);
        return undefined;
      }
      return database;
    };
    const filtered = (database: FakeDatabase) => sortPages(database.pages.filter((page) => !page.in_trash && matches(page, body.filter as Json | undefined)), body.sorts as Json[] | undefined);

    let match: RegExpExecArray | null;
    if (request.method === 'POST' && (match = /^\/v1\/databases\/([^/]+)\/query$/.exec(path))) {
      const database = databaseFor(match[1]);
      if (!database) return;
      if (version >= '2025-09-03') return fail(response, 400, 'Invalid request URL.', 'invalid_request_url');
      if (database.dataSourceIds.length > 1) {
        return fail(response, 400, 'Databases with multiple data sources are not supported in this API version.', 'validation_error');
      }
      return list(response, filtered(database), body);
    }
    if (request.method === 'GET' && (match = /^\/v1\/databases\/([^/]+)$/.exec(path))) {
      const database = databaseFor(match[1]);
      if (!database) return;
      const title = [richText(database.title)];
      if (version >= '2025-09-03') {
        return sendJson(response, 200, { object: 'database', id: database.id, title, data_sources: database.dataSourceIds.map((id, index) => ({ id, name: `${database.title} ${index + 1}` })) });
      }
      return sendJson(response, 200, { object: 'database', id: database.id, title, properties: schemaObject(database) });
    }
    if ((match = /^\/v1\/data_sources\/([^/]+)(\/query)?$/.exec(path))) {
      if (version < '2025-09-03') return fail(response, 400, 'Invalid request URL.', 'invalid_request_url');
      const database = databaseFor(match[1], 'data_source');
      if (!database) return;
      if (request.method === 'GET' && !match[2]) return sendJson(response, 200, { object: 'data_source', id: dashed(match[1]), properties: schemaObject(database) });
      if (request.method === 'POST' && match[2]) return list(response, filtered(database), body);
    }
    if ((match = /^\/v1\/pages\/([^/]+)$/.exec(path)) && (request.method === 'GET' || request.method === 'PATCH')) {
      const found = uuidPattern.test(match[1]) ? findPage(dashed(match[1])) : undefined;
      if (!found || !shared.has(found.database.id)) return fail(response, 404, `Could not find page with ID: ${match[1]}. Make sure the relevant pages and databases are shared with your integration.`);
      if (request.method === 'PATCH') {
        const properties = (body.properties ?? {}) as Record<string, Json>;
        // Checked whole before anything is written: Notion applies a PATCH entirely or not at all.
        for (const [name, value] of Object.entries(properties)) {
          const type = found.database.schema[name];
          if (!type) return fail(response, 400, `${name} is not a property that exists.`);
          if (!patchable.includes(type) || !(type in value)) return fail(response, 400, `body failed validation: body.properties.${name}.${type} should be defined.`);
          const raw = value[type];
          const valid = raw === null || (type === 'number' ? typeof raw === 'number' && Number.isFinite(raw) : type === 'select' ? typeof (raw as Json).name === 'string' : typeof (raw as Json).start === 'string');
          if (!valid) return fail(response, 400, `body failed validation: body.properties.${name}.${type} is not a valid ${type} value.`);
        }
        for (const [name, value] of Object.entries(properties)) {
          const type = found.database.schema[name];
          const raw = value[type] as Json | number | null;
          const id = found.page.properties[name]?.id ?? name.slice(0, 4);
          if (type === 'date') found.page.properties[name] = { id, type, date: raw === null ? null : { end: null, time_zone: null, ...(raw as Json) } };
          else if (type === 'number') found.page.properties[name] = { id, type, number: raw };
          // A select option named for the first time is created, as Notion does.
          else found.page.properties[name] = { id, type, select: raw === null ? null : { id: `opt-${String((raw as Json).name)}`, name: (raw as Json).name, color: 'default' } };
        }
        found.page.last_edited_time = new Date().toISOString().replace(/\d\d\.\d{3}Z$/, '00.000Z');
        state.accepted.push({ pageId: found.page.id, properties, token });
      }
      return sendJson(response, 200, found.page);
    }
    if (request.method === 'POST' && path === '/v1/pages') {
      const parent = (body.parent ?? {}) as Json;
      const database = parent.data_source_id ? databaseFor(String(parent.data_source_id), 'data_source') : databaseFor(String(parent.database_id ?? ''));
      if (!database) return;
      const properties = (body.properties ?? {}) as Record<string, Json>;
      const page = makePage(database, {});
      for (const [name, value] of Object.entries(properties)) {
        const type = database.schema[name];
        if (!type) return fail(response, 400, `${name} is not a property that exists.`);
        if (!(type in value)) return fail(response, 400, `body failed validation: body.properties.${name}.${type} should be defined.`);
        const raw = value[type];
        page.properties[name] = {
          id: name.slice(0, 4),
          type,
          [type]: Array.isArray(raw) ? raw.map((part: Json) => richText(String((part.text as Json)?.content ?? ''))) : raw,
        };
      }
      database.pages.unshift(page);
      return sendJson(response, 200, page);
    }
    if (request.method === 'GET' && (match = /^\/v1\/blocks\/([^/]+)\/children$/.exec(path))) {
      const id = uuidPattern.test(match[1]) ? dashed(match[1]) : match[1];
      const found = findPage(id);
      if (found && !shared.has(found.database.id)) return fail(response, 404, `Could not find block with ID: ${id}.`);
      const children = state.blocks.get(id) ?? [];
      const cursor = url.searchParams.get('start_cursor');
      const size = Math.min(Number(url.searchParams.get('page_size') ?? 100) || 100, 100);
      const start = cursor ? children.findIndex((block) => block.id === cursor) : 0;
      const slice = children.slice(start, start + size);
      const next = children[start + size];
      return sendJson(response, 200, { object: 'list', results: slice, next_cursor: next ? (next.id as string) : null, has_more: Boolean(next), type: 'block', block: {}, request_id: randomUUID() });
    }
    fail(response, 400, `Invalid request URL.`, 'invalid_request_url');
  };

  return { state, handler };
}

/** The property types a PATCH may set here (the app writes dates, numbers and selects). */
const patchable = ['date', 'number', 'select'];

function schemaObject(database: FakeDatabase) {
  return Object.fromEntries(Object.entries(database.schema).map(([name, type]) => [name, { id: name.slice(0, 4), name, type, [type]: {} }]));
}

let pageCounter = 0;
export function makePage(database: FakeDatabase, properties: Record<string, Json>, created = '2025-03-01T09:00:00.000Z'): FakePage {
  pageCounter++;
  const id = randomUUID();
  const user = { object: 'user', id: '2439e043-c4de-4dac-8bca-225299af2a76' };
  return {
    object: 'page',
    id,
    created_time: created,
    last_edited_time: created,
    created_by: user,
    last_edited_by: user,
    cover: null,
    icon: null,
    parent: { type: 'database_id', database_id: database.id },
    archived: false,
    in_trash: false,
    properties,
    url: `https://www.notion.so/page-${pageCounter}-${id.replace(/-/g, '')}`,
    public_url: null,
  };
}

export interface VocabularyEntry {
  word: string;
  reading: string;
  meaning: string;
}

/** Twelve common words (EDICT's readings and glosses), for tests that name the rows they expect. */
export const sampleWords: VocabularyEntry[] = [
  { word: '勉強', reading: 'べんきょう', meaning: 'study; diligence' },
  { word: '食べる', reading: 'たべる', meaning: 'to eat' },
  { word: '書く', reading: 'かく', meaning: 'to write; to compose' },
  { word: '高い', reading: 'たかい', meaning: 'high; tall; expensive' },
  { word: '読む', reading: 'よむ', meaning: 'to read' },
  { word: '見る', reading: 'みる', meaning: 'to see; to look' },
  { word: '行く', reading: 'いく', meaning: 'to go; to move' },
  { word: '来る', reading: 'くる', meaning: 'to come; to arrive' },
  { word: '言葉', reading: 'ことば', meaning: 'word; language' },
  { word: '辞書', reading: 'じしょ', meaning: 'dictionary' },
  { word: '猫', reading: 'ねこ', meaning: 'cat' },
  { word: '雨', reading: 'あめ', meaning: 'rain' },
];

/** Common words from Debian's EDICT (real data); a short built-in list when it is not installed. */
export function vocabulary(count: number, edictPath = process.env.KOTONOHA_EDICT_PATH || '/usr/share/edict/edict'): VocabularyEntry[] {
  let entries: VocabularyEntry[] = [];
  try {
    const text = new TextDecoder('euc-jp').decode(fs.readFileSync(edictPath));
    for (const line of text.split('\n')) {
      const parsed = /^(\S+) \[([^\]]+)\] \/(.*)\/$/.exec(line);
      if (!parsed || !line.includes('(P)')) continue;
      const meaning = parsed[3].split('/').filter((part) => part !== '(P)').map((part) => part.replace(/\([^)]*\)\s*/g, '').trim()).filter(Boolean).slice(0, 3).join('; ');
      entries.push({ word: parsed[1].split(';')[0].replace(/\(.*\)/, ''), reading: parsed[2].split(';')[0].replace(/\(.*\)/, ''), meaning });
      if (entries.length >= count) break;
    }
  } catch {
    entries = [];
  }
  if (entries.length < Math.min(count, sampleWords.length)) entries = sampleWords;
  return Array.from({ length: count }, (_, index) => entries[index % entries.length]);
}

/** The schema of a learner's vocabulary database, one property of every type the app renders, plus one it does not know. */
export const vocabularySchema: Record<string, string> = {
  Word: 'title',
  Reading: 'rich_text',
  Meaning: 'rich_text',
  Example: 'rich_text',
  Tags: 'multi_select',
  Level: 'select',
  Status: 'status',
  Count: 'number',
  Known: 'checkbox',
  Link: 'url',
  Email: 'email',
  Phone: 'phone_number',
  Score: 'formula',
  Related: 'relation',
  Total: 'rollup',
  Owner: 'people',
  Picture: 'files',
  Created: 'created_time',
  Edited: 'last_edited_time',
  'Review Time': 'date',
  'Next Due': 'date',
  Serial: 'unique_id',
};

const examples = ['毎日日本語を勉強しています。', '朝ご飯を食べる時間がない。', '手紙を書くのが好きです。', 'この本はとても高い。'];

/** The FSRS card-state properties (docs/storage.md "Settings additions"); `Due` takes the place of `Next Due`. */
export const fsrsSchema: Record<string, string> = { Due: 'date', 'Last review': 'date', Stability: 'number', Difficulty: 'number', Reps: 'number', Lapses: 'number', State: 'select' };

/** Empty FSRS properties, as a page of a database that has them shows them before any review. */
export function emptyFsrsProperties(): Record<string, Json> {
  return Object.fromEntries(Object.entries(fsrsSchema).map(([name, type]) => [name, { id: name.slice(0, 4), type, [type]: null }]));
}

/**
 * A vocabulary database of `count` rows of real words; the first rows carry every property type.
 * `fsrs` adds the FSRS card-state properties; `dates: false` leaves out every date property.
 */
export function vocabularyDatabase(options: { id?: string; title?: string; count: number; dataSources?: number; reviewed?: (index: number) => string | null; words?: VocabularyEntry[]; fsrs?: boolean; dates?: boolean }): FakeDatabase {
  const dates = options.dates ?? true;
  const base = Object.fromEntries(Object.entries(vocabularySchema).filter(([name, type]) => (dates || type !== 'date') && !(options.fsrs && name === 'Next Due')));
  const database: FakeDatabase = {
    id: options.id ?? randomUUID(),
    title: options.title ?? 'Vocabulary',
    dataSourceIds: Array.from({ length: options.dataSources ?? 1 }, () => randomUUID()),
    schema: options.fsrs ? { ...base, ...fsrsSchema } : base,
    pages: [],
  };
  const words = options.words ? Array.from({ length: options.count }, (_, index) => options.words![index % options.words!.length]) : vocabulary(options.count);
  database.pages = words.map((entry, index) => {
    const created = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
    const review = options.reviewed ? options.reviewed(index) : null;
    const page = makePage(database, {}, created);
    page.properties = {
      Word: { id: 'title', type: 'title', title: [richText(index >= words.length || words.indexOf(entry) !== index ? `${entry.word} ${index}` : entry.word)] },
      Reading: { id: 'Rd', type: 'rich_text', rich_text: [richText(entry.reading)] },
      Meaning: {
        id: 'Mn',
        type: 'rich_text',
        rich_text: index === 0 ? [richText(entry.meaning, { bold: true }), richText(' — see '), richText('EDICT', { italic: true }, 'https://www.edrdg.org/jmdict/edict.html')] : [richText(entry.meaning)],
      },
      Example: { id: 'Ex', type: 'rich_text', rich_text: index < examples.length ? [richText(examples[index])] : [] },
      Tags: { id: 'Tg', type: 'multi_select', multi_select: index % 3 === 0 ? [{ id: 't1', name: 'N5', color: 'blue' }, { id: 't2', name: 'verb', color: 'green' }] : [{ id: 't3', name: 'noun', color: 'gray' }] },
      Level: { id: 'Lv', type: 'select', select: index % 2 ? { id: 'opt1', name: 'easy', color: 'green' } : null },
      Status: { id: 'St', type: 'status', status: { id: 's1', name: index % 4 === 0 ? 'Learning' : 'New', color: 'yellow' } },
      Count: { id: 'Ct', type: 'number', number: index % 7 },
      Known: { id: 'Kn', type: 'checkbox', checkbox: index % 5 === 0 },
      Link: { id: 'Ln', type: 'url', url: index === 0 ? 'https://jisho.org/search/%E5%8B%89%E5%BC%B7' : null },
      Email: { id: 'Em', type: 'email', email: index === 0 ? 'learner@example.com' : null },
      Phone: { id: 'Ph', type: 'phone_number', phone_number: index === 0 ? '+81 3-1234-5678' : null },
      Score: { id: 'Sc', type: 'formula', formula: { type: 'number', number: index * 2 } },
      Related: { id: 'Rl', type: 'relation', relation: index === 0 ? [{ id: randomUUID() }] : [], has_more: false },
      Total: { id: 'To', type: 'rollup', rollup: { type: 'number', number: 3, function: 'count' } },
      Owner: { id: 'Ow', type: 'people', people: index === 0 ? [{ object: 'user', id: '2439e043-c4de-4dac-8bca-225299af2a76', name: 'Hanako', type: 'person', person: {} }] : [] },
      Picture: { id: 'Pi', type: 'files', files: index === 0 ? [{ name: 'neko.png', type: 'external', external: { url: 'https://example.com/neko.png' } }] : [] },
      Created: { id: 'Cr', type: 'created_time', created_time: created },
      Edited: { id: 'Ed', type: 'last_edited_time', last_edited_time: created },
      'Review Time': { id: 'Rv', type: 'date', date: review ? { start: review, end: null, time_zone: null } : null },
      'Next Due': { id: 'Nd', type: 'date', date: null },
      Serial: { id: 'Se', type: 'unique_id', unique_id: { prefix: 'W', number: index + 1 } },
      ...(options.fsrs ? emptyFsrsProperties() : {}),
    };
    for (const name of Object.keys(page.properties)) if (!(name in database.schema)) delete page.properties[name];
    return page;
  });
  return database;
}

/** Gives a page the blocks of a word note: every block type the page view renders (table rows as the table's children, as Notion serves them). */
export function seedWordPageBlocks(state: NotionFakeState, pageId: string): void {
  const block = (type: string, value: Json, hasChildren = false) => ({ object: 'block', id: randomUUID(), type, has_children: hasChildren, [type]: value });
  const text = (content: string) => ({ rich_text: [richText(content)], color: 'default' });
  const table = block('table', { table_width: 2, has_column_header: true, has_row_header: false }, true);
  state.blocks.set(table.id, [
    block('table_row', { cells: [[richText('形')], [richText('例')]] }),
    block('table_row', { cells: [[richText('過去')], [richText('勉強した')]] }),
  ]);
  state.blocks.set(pageId, [
    block('heading_1', text('勉強 — べんきょう')),
    block('paragraph', { rich_text: [richText('Study; '), richText('diligence', { bold: true })], color: 'default' }),
    block('heading_2', text('例文')),
    block('bulleted_list_item', text('毎日日本語を勉強しています。')),
    block('numbered_list_item', text('図書館で勉強する。')),
    block('to_do', { ...text('例文を三つ書く'), checked: true }),
    block('toggle', text('活用')),
    block('quote', text('学びて時に之を習う')),
    block('callout', { ...text('する動詞として使う'), icon: { type: 'emoji', emoji: '💡' } }),
    block('code', { rich_text: [richText('勉強する → 勉強した')], language: 'plain text', caption: [] }),
    block('divider', {}),
    block('image', { type: 'external', external: { url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, caption: [richText('a picture')] }),
    table,
    block('synced_block', { synced_from: null }),
  ]);
}
