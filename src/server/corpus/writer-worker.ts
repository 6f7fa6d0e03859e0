import { parentPort, workerData } from 'node:worker_threads';
import { Corpus, type DocumentMeta, type ImportJobRow } from './corpus';
import { ImportError } from './extract';
import { runImport, type ImportMeta, type ImportSource } from './import-job';
import { helperBuilder } from './postings-builder';
import { lowerThreadPriority } from './thread-priority';
import type { Coded } from '../../common/server-errors';

/**
 * The one writer of the corpus: imports one after another (each one transaction), metadata
 * edits and deletes, and the import jobs' records. One long-lived worker, since starting one under
 * tsx takes seconds.
 */
export type WriterRequest =
  | { type: 'open'; req: number }
  | { type: 'import'; job: string; name: string; bytes: number; startedAt: string; source: ImportSource; meta: ImportMeta }
  | { type: 'update'; req: number; id: string; patch: Partial<DocumentMeta> }
  | { type: 'delete'; req: number; id: string };

export type WriterMessage =
  | { type: 'progress'; job: string; phase: 'reading' | 'indexing'; progress: number }
  | { type: 'done'; job: string; id: string; title: string; sentences: number }
  | { type: 'error'; job: string; message: string; status: number; coded?: Coded }
  | { type: 'result'; req: number; value: unknown }
  | { type: 'failure'; req: number; message: string };

export interface OpenResult {
  /** Jobs a stopped server left running, now failed. */
  interrupted: ImportJobRow[];
  jobs: ImportJobRow[];
}

const { dbPath } = workerData as { dbPath: string };
const post = (message: WriterMessage) => parentPort!.postMessage(message);

lowerThreadPriority(5);
// A long import may wait for the background indexer's short transactions, never fail on them.
// Its checkpoints wait until a write has been answered (checkpointSoon).
const corpus = new Corpus(dbPath, { busyTimeoutMs: 120_000, deferCheckpoints: true });
// Postings of big imports are built beside the writer (postings-builder.ts).
const builder = helperBuilder();

function handle(request: WriterRequest) {
  try {
    answer(request);
  } finally {
    checkpointSoon();
  }
}

/** After the answer is out, the pages a write added to the WAL go to the database. */
function checkpointSoon() {
  try {
    corpus.checkpoint();
  } catch {
    // A checkpoint that cannot run now (a reader holds the WAL, the disk is busy) runs after the next write.
  }
}

function answer(request: WriterRequest) {
  if (request.type === 'import') return runJob(request);
  try {
    let value: unknown;
    if (request.type === 'open') {
      const interrupted = corpus.recoverInterruptedJobs();
      value = { interrupted, jobs: corpus.listJobs() } satisfies OpenResult;
    } else if (request.type === 'update') {
      value = corpus.updateDocument(request.id, request.patch);
    } else {
      value = corpus.deleteDocument(request.id);
    }
    post({ type: 'result', req: request.req, value });
  } catch (error) {
    post({ type: 'failure', req: request.req, message: error instanceof Error ? error.message : String(error) });
  }
}

function runJob(request: Extract<WriterRequest, { type: 'import' }>) {
  const { job } = request;
  let reported = { phase: '', percent: -1 };
  // A big import gets the postings helper (it starts while the file is read).
  if (request.bytes > 1_000_000) builder.warm();
  try {
    corpus.jobStarted({ id: job, name: request.name, bytes: request.bytes, startedAt: request.startedAt });
    const stats = runImport(
      corpus,
      request.source,
      request.meta,
      (phase, progress) => {
        const percent = Math.floor(progress * 100);
        if (phase === reported.phase && percent === reported.percent) return;
        reported = { phase, percent };
        post({ type: 'progress', job, phase, progress });
      },
      job,
      builder.build,
    );
    corpus.trimJobs();
    post({ type: 'done', job, ...stats });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    try {
      corpus.jobFailed(job, message);
    } catch {
      // The record is best effort; the answer to the request says what happened.
    }
    post({ type: 'error', job, message, status: error instanceof ImportError ? error.status : 500, coded: error instanceof ImportError ? error.coded : undefined });
  }
}

parentPort!.on('message', handle);
