import { parentPort, workerData } from 'node:worker_threads';
import { fastAnalyzer, type Dictionary } from './analyzer';
import { createLemmatizer, loadAnalyzer } from './lemma';
import { normalize } from './normalize';
import { lowerThreadPriority } from './thread-priority';

/** One of the background indexer's analysers: sentences in, each sentence's lemmas out. */
export type LemmaRequest = { batch: number; texts: string[] };
export type LemmaReply = { batch: number; lemmas: string[][] };

lowerThreadPriority(15);
// The indexer shares one dictionary among its analysers.
const { dictionary } = (workerData ?? {}) as { dictionary?: Dictionary };
const lemmatize = createLemmatizer(dictionary ? fastAnalyzer(dictionary) : await loadAnalyzer());

parentPort!.on('message', (request: LemmaRequest) => {
  parentPort!.postMessage({ batch: request.batch, lemmas: request.texts.map((text) => lemmatize(normalize(text))) } satisfies LemmaReply);
});
