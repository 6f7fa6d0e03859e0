import { parentPort, workerData } from 'node:worker_threads';
import { Corpus } from './corpus';
import { lemmaText, loadAnalyzer } from './lemma';
import { normalize } from './normalize';

export type LemmaWorkerMessage = { type: 'progress'; doc: number; upto: number } | { type: 'idle' } | { type: 'error'; message: string };

const { dbPath } = workerData as { dbPath: string };
const post = (message: LemmaWorkerMessage) => parentPort!.postMessage(message);

// Short transactions (a batch of sentences each), so imports and deletes are never held up long.
const corpus = new Corpus(dbPath, { busyTimeoutMs: 120_000 });
try {
  const analyzer = await loadAnalyzer();
  for (;;) {
    const work = corpus.pendingLemmaWork(500);
    if (!work) break;
    const entries = work.rows.map((row) => ({ id: row.id, lemmas: lemmaText(analyzer.analyze(normalize(row.text))) }));
    const upto = work.rows.length ? work.rows[work.rows.length - 1].id : Number.MAX_SAFE_INTEGER;
    if (work.rows.length === 0) corpus.db.prepare('UPDATE documents SET lemma_upto = last_sid WHERE id = ?').run(work.doc);
    else corpus.storeLemmas(work.doc, entries, upto);
    post({ type: 'progress', doc: work.doc, upto });
  }
  post({ type: 'idle' });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
} finally {
  corpus.close();
}
