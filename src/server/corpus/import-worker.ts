import { parentPort, workerData } from 'node:worker_threads';
import { Corpus } from './corpus';
import { ImportError } from './extract';
import { runImport, type ImportMeta, type ImportSource } from './import-job';

/** One long-lived worker runs the imports one after another (starting a worker under tsx takes seconds). */
export type ImportRequest = { type: 'import'; job: string; source: ImportSource; meta: ImportMeta };

export type ImportWorkerMessage =
  | { type: 'progress'; job: string; phase: 'reading' | 'indexing'; progress: number }
  | { type: 'done'; job: string; id: string; title: string; sentences: number }
  | { type: 'error'; job: string; message: string; status: number };

const { dbPath } = workerData as { dbPath: string };
const post = (message: ImportWorkerMessage) => parentPort!.postMessage(message);

// A long import may wait for the lemma worker's short transactions, never fail on them.
const corpus = new Corpus(dbPath, { busyTimeoutMs: 120_000 });

parentPort!.on('message', (request: ImportRequest) => {
  const { job } = request;
  let reported = -1;
  try {
    const stats = runImport(corpus, request.source, request.meta, (phase, progress) => {
      const percent = Math.floor(progress * 100);
      if (phase === 'indexing' && percent === reported) return;
      reported = percent;
      post({ type: 'progress', job, phase, progress });
    });
    post({ type: 'done', job, ...stats });
  } catch (error) {
    if (error instanceof ImportError) post({ type: 'error', job, message: error.message, status: error.status });
    else post({ type: 'error', job, message: error instanceof Error ? error.message : String(error), status: 500 });
  }
});
