import { parentPort, workerData } from 'node:worker_threads';
import { Corpus } from './corpus';
import { ImportError } from './extract';
import { runImport, type ImportMeta, type ImportSource } from './import-job';

export type ImportWorkerMessage =
  | { type: 'progress'; phase: 'reading' | 'indexing'; progress: number }
  | { type: 'done'; id: string; title: string; sentences: number }
  | { type: 'error'; message: string; status: number };

const { dbPath, source, meta } = workerData as { dbPath: string; source: ImportSource; meta: ImportMeta };
const post = (message: ImportWorkerMessage) => parentPort!.postMessage(message);

// A long import may wait for the lemma worker's short transactions, never fail on them.
const corpus = new Corpus(dbPath, { busyTimeoutMs: 120_000 });
let reported = -1;
try {
  const stats = runImport(corpus, source, meta, (phase, progress) => {
    const percent = Math.floor(progress * 100);
    if (phase === 'indexing' && percent === reported) return;
    reported = percent;
    post({ type: 'progress', phase, progress });
  });
  post({ type: 'done', ...stats });
} catch (error) {
  if (error instanceof ImportError) post({ type: 'error', message: error.message, status: error.status });
  else post({ type: 'error', message: error instanceof Error ? error.message : String(error), status: 500 });
} finally {
  corpus.close();
}
