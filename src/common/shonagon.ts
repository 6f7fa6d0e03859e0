import * as z from 'zod/mini';
import { firstOf, preprocessed, wholeNumberParam } from './query-params';

/**
 * The Shonagon corpus API on the wire (docs/shonagon-api.md): one schema
 * per request and answer, which the embedded server's types are inferred from and the browser
 * parses with. A remote server speaks the same, so the answers tolerate what such a server may
 * leave out or send as null (metadata it does not know, numeric ids), while the embedded server
 * always sends every documented field.
 */

/** What `POST /documents` imports, by file extension (the one list the server and every screen use). */
export const libraryExtensions = ['.txt', '.md', '.html', '.htm', '.xhtml', '.epub', '.srt', '.vtt', '.ass', '.ssa'] as const;

/** `.txt` for `Book.TXT`; empty when the name has none. */
export function extensionOf(name: string): string {
  const match = /\.[^./\\]+$/.exec(name.toLowerCase());
  return match ? match[0] : '';
}

export function isLibraryFile(name: string): boolean {
  return (libraryExtensions as readonly string[]).includes(extensionOf(name));
}

export const searchModes = ['string', 'lemma'] as const;
export const searchSorts = ['order', 'year', 'random'] as const;
export const searchModeSchema = z.enum(searchModes);
export const searchSortSchema = z.enum(searchSorts);
export type SearchMode = z.infer<typeof searchModeSchema>;
export type SearchSort = z.infer<typeof searchSortSchema>;

/**
 * `GET /search`'s query. `media` and `doc` travel as a comma list (or the parameter repeated);
 * `seed` is any string, read only with `sort=random`.
 */
export const searchParamsSchema = z.object({
  q: z.string(),
  mode: z.optional(searchModeSchema),
  media: z.optional(z.array(z.string())),
  from: z.optional(z.number()),
  to: z.optional(z.number()),
  doc: z.optional(z.array(z.string())),
  sort: z.optional(searchSortSchema),
  seed: z.optional(z.string()),
  offset: z.optional(z.number()),
  limit: z.optional(z.number()),
  width: z.optional(z.number()),
});
export type SearchParams = z.infer<typeof searchParamsSchema>;

export const searchLimits = { maxQuery: 200, maxLimit: 500, defaultLimit: 50, defaultWidth: 40, maxWidth: 200 } as const;

/** A list in a query string: comma lists, or the parameter repeated; unset when empty. */
const listParam = preprocessed((value) => {
  const values = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).flatMap((item: string) => item.split(',')).map((item) => item.trim()).filter(Boolean);
  return values.length ? values : undefined;
}, z.optional(z.array(z.string())));

/**
 * `GET /search`'s query string as the server takes it, in the order it is checked: `q` must have
 * text and at most `searchLimits.maxQuery` characters; the rest default as documented.
 */
export const searchQuerySchema = z.pipe(
  z.object({
    q: preprocessed(firstOf, z.string().check(z.refine((q) => q.trim() !== '' && [...q].length <= searchLimits.maxQuery))),
    mode: preprocessed(firstOf, z.optional(searchModeSchema)),
    sort: preprocessed(firstOf, z.optional(searchSortSchema)),
    seed: preprocessed(firstOf, z.optional(z.string())),
    media: listParam,
    doc: listParam,
    from: wholeNumberParam(-9999),
    to: wholeNumberParam(-9999),
    offset: wholeNumberParam(0),
    limit: wholeNumberParam(0, searchLimits.maxLimit),
    width: wholeNumberParam(0, searchLimits.maxWidth),
  }),
  z.transform(
    (query): SearchParams => ({
      ...query,
      mode: query.mode ?? 'string',
      sort: query.sort ?? 'order',
      seed: query.seed ?? '',
      offset: query.offset ?? 0,
      limit: query.limit ?? searchLimits.defaultLimit,
      width: query.width ?? searchLimits.defaultWidth,
    }),
  ),
);

/** `GET /documents/:id/sentences`'s query string. */
export const sentencesQuerySchema = z.object({ from: wholeNumberParam(0), limit: wholeNumberParam(1, 500) });

/** The query string of a search: lists as comma lists, unset parameters left out. */
export function searchQuery(params: SearchParams): Record<string, string | number | undefined> {
  return { ...params, media: params.media?.join(','), doc: params.doc?.join(',') };
}

const id = z.coerce.string();

/** One KWIC row. `position` is the sentence's place in its document; `start`/`end` (seconds) only for subtitle cues. */
export const searchItemSchema = z.object({
  index: z.number(),
  left: z.string(),
  key: z.string(),
  right: z.string(),
  title: z.string(),
  media: z.nullish(z.string()),
  pubYear: z.nullish(z.number()),
  docId: id,
  sentenceId: id,
  position: z.nullish(z.number()),
  start: z.optional(z.number()),
  end: z.optional(z.number()),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchResultSchema = z.object({
  total: z.number(),
  offset: z.number(),
  items: z.array(searchItemSchema),
  counts: z.object({ media: z.record(z.string(), z.number()), year: z.record(z.string(), z.number()) }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** `201` of `POST /documents` (and of the routes that send an upload or an XPan file to the library). */
export const createdDocumentSchema = z.object({ id, title: z.string(), sentences: z.number() });
export type CreatedDocument = z.infer<typeof createdDocumentSchema>;

/** One entry of `GET /documents`; the last five are the embedded server's own additions. */
export const documentSchema = z.object({
  id,
  title: z.string(),
  media: z.nullish(z.string()),
  pubYear: z.nullish(z.number()),
  author: z.nullish(z.string()),
  sentences: z.number(),
  bytes: z.nullish(z.number()),
  addedAt: z.nullish(z.union([z.string(), z.number()])),
  kind: z.optional(z.string()),
  encoding: z.nullish(z.string()),
  ref: z.nullish(z.string()),
  trigramProgress: z.optional(z.number()),
  lemmaProgress: z.optional(z.number()),
});
export type CorpusDocument = z.infer<typeof documentSchema>;
export const documentListSchema = z.object({ documents: z.array(documentSchema) });

/** One sentence of `GET /documents/:id/sentences`; `start`/`end` (seconds) are a subtitle sentence's cue. */
export const sentenceSchema = z.object({
  sentenceId: id,
  docId: z.optional(id),
  position: z.optional(z.number()),
  text: z.string(),
  start: z.nullish(z.number()),
  end: z.nullish(z.number()),
});
export type Sentence = z.infer<typeof sentenceSchema>;
export const sentencesSchema = z.object({ total: z.optional(z.number()), from: z.optional(z.number()), sentences: z.array(sentenceSchema) });

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** The body of `PATCH /documents/:id`, and the metadata fields of `POST /documents`. */
export const documentMetaSchema = z.object({
  title: z.optional(text(500)),
  media: z.optional(text(100)),
  pubYear: z.optional(z.union([z.int().check(z.minimum(0), z.maximum(9999)), z.null()])),
  author: z.optional(text(500)),
});
export type DocumentPatch = z.infer<typeof documentMetaSchema>;

/** `POST /documents` as JSON: one text as one document (blank lines separate paragraphs). */
export const textDocumentSchema = z.extend(documentMetaSchema, { text: z.string() });
export type TextDocument = z.infer<typeof textDocumentSchema>;

/** Allowed in the `importId` field (or `x-import-id` header) of `POST /documents`: the caller's own name for the import. */
export const importIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One import as `GET /imports` lists it (the embedded server's addition). Imports are recorded in
 * the corpus: after a restart, one the server was adding when it stopped is `failed` with the
 * error `interruptedReason`, and those still waiting carry on.
 */
export const importStatusSchema = z.object({
  id: z.string(),
  /** The file name, or the title for posted text. */
  name: z.string(),
  bytes: z.number(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  phase: z.enum(['queued', 'reading', 'indexing', 'done', 'failed']),
  /** 0–1 within the indexing phase; 1 when done. */
  progress: z.number(),
  documentId: z.optional(z.string()),
  sentences: z.optional(z.number()),
  error: z.optional(z.string()),
  startedAt: z.string(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;
export const importListSchema = z.object({ imports: z.array(importStatusSchema) });

/** The error of an import a stopped server cut short. */
export const interruptedReason = 'interrupted: the server stopped';
