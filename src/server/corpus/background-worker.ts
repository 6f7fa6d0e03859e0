import { parentPort, workerData } from 'node:worker_threads';
import { Corpus, type BackgroundIndex } from './corpus';
import { lemmaText, loadAnalyzer, type Analyzer } from './lemma';
import { normalize } from './normalize';

/**
 * The background indexer: after an import has made a document searchable (per-character index),
 * this fills the trigram index (fast queries of 3+ characters) and then the lemma index.
 */
export type BackgroundWorkerMessage = { type: 'progress'; index: BackgroundIndex; doc: number; upto: number } | { type: 'idle' } | { type: 'error'; message: string };

const { dbPath, lemma } = workerData as { dbPath: string; lemma: boolean };
const post = (message: BackgroundWorkerMessage) => parentPort!.postMessage(message);

// Short transactions (a batch of sentences each), so imports and deletes are never held up long.
const corpus = new Corpus(dbPath, { busyTimeoutMs: 120_000 });

function drain(index: BackgroundIndex, batch: number, line: (normalized: string) => string) {
  for (;;) {
    const work = corpus.pendingWork(index, batch);
    if (!work) return;
    const upto = work.rows.length ? work.rows[work.rows.length - 1].id : work.lastSid;
    const entries = work.rows.map((row) => ({ id: row.id, text: line(normalize(row.text)) }));
    corpus.storeIndex(index, work.doc, entries, upto);
    post({ type: 'progress', index, doc: work.doc, upto });
  }
}

try {
  drain('tri', 2000, (normalized) => normalized);
  if (lemma) {
    let analyzer: Analyzer | null = null;
    if (corpus.pendingWork('lem', 1)) analyzer = await loadAnalyzer();
    if (analyzer) drain('lem', 500, (normalized) => lemmaText(analyzer.analyze(normalized)));
  }
  post({ type: 'idle' });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
} finally {
  corpus.close();
}
