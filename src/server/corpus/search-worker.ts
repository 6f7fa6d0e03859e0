import { parentPort, workerData } from 'node:worker_threads';
import type { SearchParams } from '../../common/shonagon';
import { Corpus, CorpusQueryError, type LemmaQuery } from './corpus';
import { findLemmaSpan, lemmaOf, loadAnalyzer, type Analyzer } from './lemma';
import { CorpusSearch, SearchCancelled } from './search';

/**
 * A reader of the search pool (search-pool.ts): its own read-only connection, a WAL reader beside
 * the writer, answering one request at a time. The pool cancels a request by writing its id into
 * this worker's slot of `cancel`, which the search polls between segments and rows.
 */
export type ReadRequest = { id: number; op: ReadOp; args: unknown[] };
export type ReadOp = 'search' | 'listDocuments' | 'getDocument' | 'getSentences' | 'getSentence' | 'listJobs';
export type ReadReply = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { kind: 'query' | 'cancelled' | 'busy' | 'internal'; message: string } };

const { dbPath, cancel, slot } = workerData as { dbPath: string; cancel: Int32Array; slot: number };
const corpus = new Corpus(dbPath, { readOnly: true });
const search = new CorpusSearch(corpus);
let analyzer: Promise<Analyzer> | null = null;

async function lemmaQuery(): Promise<LemmaQuery> {
  analyzer ??= loadAnalyzer();
  const loaded = await analyzer;
  return (normalized) => {
    const lemmas = loaded.analyze(normalized).map(lemmaOf);
    return { lemmas, keySpan: (sentence) => findLemmaSpan(loaded.analyze(sentence), lemmas) };
  };
}

async function run(request: ReadRequest): Promise<unknown> {
  const [first, ...rest] = request.args;
  switch (request.op) {
    case 'search': {
      const params = first as SearchParams;
      const lemma = params.mode === 'lemma' ? await lemmaQuery() : undefined;
      // The answer travels as JSON text, so the main thread sends it on without parsing it.
      return JSON.stringify(search.search(params, { lemmaQuery: lemma, cancelled: () => Atomics.load(cancel, slot) === request.id }));
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

parentPort!.on('message', (request: ReadRequest) => {
  run(request).then(
    (value) => parentPort!.postMessage({ id: request.id, ok: true, value } satisfies ReadReply),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const kind = error instanceof SearchCancelled ? 'cancelled' : error instanceof CorpusQueryError ? 'query' : (error as { code?: string }).code === 'SQLITE_BUSY' ? 'busy' : 'internal';
      parentPort!.postMessage({ id: request.id, ok: false, error: { kind, message } } satisfies ReadReply);
    },
  );
});

parentPort!.postMessage({ ready: true } satisfies ReadReply);
