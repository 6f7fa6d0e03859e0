import { parentPort, workerData, type TransferListItem } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { SearchParams } from '../../common/shonagon';
import { Corpus, CorpusQueryError, type LemmaQuery } from './corpus';
import { fastAnalyzer, type Dictionary } from './analyzer';
import { findLemmaSpanIn, lemmaOf, loadAnalyzer, sharedOrOwnAnalyzer, type Analyzer } from './lemma';
import { CorpusSearch, SearchCancelled } from './search';
import { lowerThreadPriority } from './thread-priority';
import type { Coded } from '../../common/server-errors';

/**
 * A reader of the search pool (search-pool.ts): its own read-only connection, a WAL reader beside
 * the writer, answering one request at a time, in the order they came. The pool cancels a request
 * by writing its id into the request's `lane` of `cancel`, which the search polls between segments
 * and rows.
 */
export type ReadCall = { id: number; op: ReadOp; args: unknown[]; lane: number };
export type ReadRequest = ReadCall | { dictionary: Dictionary };
export type ReadOp = 'search' | 'listDocuments' | 'getDocument' | 'getSentences' | 'getSentence' | 'listJobs';
/** A search's answer as the server sends it: gzipped UTF-8 JSON (every browser takes gzip; the rare client that does not gets it unzipped). */
export interface SearchAnswer {
  gzip: Uint8Array;
}

export type ReadReply = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { kind: 'query' | 'cancelled' | 'busy' | 'internal'; message: string; coded?: Coded } };

const { dbPath, cancel, dictionary } = workerData as { dbPath: string; cancel: Int32Array; dictionary?: Dictionary };
lowerThreadPriority(5);
const corpus = new Corpus(dbPath, { readOnly: true });
const search = new CorpusSearch(corpus, 16 * 1024 * 1024);
// The analyser's dictionary is shared by every reader: the pool sends it once it is loaded.
let sharedDictionary: (dictionary: Dictionary) => void = () => undefined;
const analyzer: Promise<Analyzer> = dictionary ? Promise.resolve(fastAnalyzer(dictionary)) : new Promise((resolve) => (sharedDictionary = (loaded) => resolve(fastAnalyzer(loaded))));

const lemmaAnalyzer = sharedOrOwnAnalyzer(analyzer, loadAnalyzer, 30_000);

async function lemmaQuery(): Promise<LemmaQuery> {
  const loaded = await lemmaAnalyzer();
  return (normalized) => {
    const lemmas = loaded.analyze(normalized).map(lemmaOf);
    return { lemmas, keySpan: (sentence) => findLemmaSpanIn(loaded, sentence, lemmas) };
  };
}

async function run(request: ReadCall): Promise<unknown> {
  const [first, ...rest] = request.args;
  switch (request.op) {
    case 'search': {
      const params = first as SearchParams;
      const lemma = params.mode === 'lemma' ? await lemmaQuery() : undefined;
      const json = JSON.stringify(search.search(params, { lemmaQuery: lemma, cancelled: () => Atomics.load(cancel, request.lane) === request.id }));
      // Encoded and compressed here, so the main thread only sends bytes (gzip on the main thread took a sixth of it under load).
      return { gzip: zlib.gzipSync(json, { level: 4 }) } satisfies SearchAnswer;
    }
    case 'listDocuments':
      return corpus.listDocuments();
    case 'getDocument':
      return corpus.getDocument(first as string);
    case 'getSentences':
      return corpus.getSentences(first as string, rest[0] as number | undefined, rest[1] as number | undefined);
    case 'getSentence':
      return corpus.getSentence(first as string);
    case 'listJobs':
      return corpus.listJobs();
  }
}

/** Requests run one after another, even when one waits (a lemma search for the dictionary): the pool sends a busy reader the next before it is done. */
let previous: Promise<unknown> = Promise.resolve();

parentPort!.on('message', (message: ReadRequest) => {
  if ('dictionary' in message) return sharedDictionary(message.dictionary);
  const request = message;
  const answered = previous.then(() => run(request));
  previous = answered.catch(() => undefined);
  answered.then(
    (value) => {
      const transfer: TransferListItem[] = [];
      const bytes = request.op === 'search' ? (value as SearchAnswer).gzip : null;
      if (bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) transfer.push(bytes.buffer as ArrayBuffer);
      parentPort!.postMessage({ id: request.id, ok: true, value } satisfies ReadReply, transfer);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const kind = error instanceof SearchCancelled ? 'cancelled' : error instanceof CorpusQueryError ? 'query' : (error as { code?: string }).code === 'SQLITE_BUSY' ? 'busy' : 'internal';
      parentPort!.postMessage({ id: request.id, ok: false, error: { kind, message, coded: error instanceof CorpusQueryError ? error.coded : undefined } } satisfies ReadReply);
    },
  );
});

parentPort!.postMessage({ ready: true } satisfies ReadReply);
