import { parentPort, workerData } from 'node:worker_threads';
import { loadDictionary, type Dictionary } from './analyzer';
import { Corpus, segmentKind } from './corpus';
import { kuromojiDictPath } from './lemma';
import type { LemmaReply, LemmaRequest } from './lemma-worker';
import { lowerThreadPriority } from './thread-priority';
import { startWorker } from '../workers';

/**
 * The background indexer: the lemma index (analysed in parallel by `lemmaWorkers` analysers,
 * stored in sentence order), the string index of a corpus migrated from version 1, and the
 * merging of small segments. Short transactions, so imports and deletes never wait long.
 */
/** `changed` says which answers may differ: merging segments changes none. */
export type BackgroundWorkerMessage = { type: 'changed'; index: 'string' | 'lemma' | 'merge' } | { type: 'idle' } | { type: 'error'; message: string };

const { dbPath, lemma, lemmaWorkers, batch } = workerData as { dbPath: string; lemma: boolean; lemmaWorkers: number; batch: number };
const post = (message: BackgroundWorkerMessage) => parentPort!.postMessage(message);

lowerThreadPriority(15);
const corpus = new Corpus(dbPath, { busyTimeoutMs: 120_000 });

function compactStep() {
  if (corpus.compact(segmentKind.string) || corpus.compact(segmentKind.lemma)) post({ type: 'changed', index: 'merge' });
}

function stringWork() {
  for (let work = corpus.nextStringWork(); work; work = corpus.nextStringWork()) {
    corpus.storeStringWork(work.doc, work.rows, work.upto);
    post({ type: 'changed', index: 'string' });
    compactStep();
  }
}

/** An analyser thread; answers in the order it was asked. */
function analyser(dictionary: Dictionary) {
  const worker = startWorker('lemma', { workerData: { dictionary } });
  const waiting = new Map<number, { resolve: (lemmas: string[][]) => void; reject: (error: Error) => void }>();
  const fail = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: LemmaReply) => {
    waiting.get(reply.batch)?.resolve(reply.lemmas);
    waiting.delete(reply.batch);
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('a lemma analyser stopped')));
  let next = 0;
  return {
    analyse(texts: string[]): Promise<string[][]> {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ batch: id, texts } satisfies LemmaRequest);
      });
    },
    stop: () => worker.terminate(),
  };
}

async function lemmaWork() {
  if (!corpus.nextLemmaWork(0, 1)) return;
  const dictionary = loadDictionary(kuromojiDictPath(), { shared: true });
  const analysers = Array.from({ length: Math.max(1, lemmaWorkers) }, () => analyser(dictionary));
  try {
    let cursor = 0;
    let turn = 0;
    const pending: Array<{ work: NonNullable<ReturnType<Corpus['nextLemmaWork']>>; lemmas: Promise<string[][]> }> = [];
    const dispatch = () => {
      const work = corpus.nextLemmaWork(cursor, batch);
      if (!work) return;
      cursor = work.last;
      pending.push({ work, lemmas: analysers[turn++ % analysers.length].analyse(work.rows.map((row) => row.text)) });
    };
    // Two batches in flight per analyser keeps each busy while the previous answer is stored.
    for (let i = 0; i < analysers.length * 2; i++) dispatch();
    while (pending.length) {
      const { work, lemmas } = pending.shift()!;
      const analysed = await lemmas;
      corpus.storeLemmaWork(work.doc, work.rows.map((row, i) => ({ id: row.id, lemmas: analysed[i] })), work.last);
      post({ type: 'changed', index: 'lemma' });
      compactStep();
      dispatch();
    }
  } finally {
    await Promise.all(analysers.map((a) => a.stop()));
  }
}

try {
  stringWork();
  if (lemma) await lemmaWork();
  while (corpus.compact(segmentKind.string) || corpus.compact(segmentKind.lemma)) post({ type: 'changed', index: 'merge' });
  corpus.reclaimFreePages();
  post({ type: 'idle' });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
} finally {
  corpus.close();
}
