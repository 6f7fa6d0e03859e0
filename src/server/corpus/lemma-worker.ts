import { parentPort } from 'node:worker_threads';
import { createLemmatizer, loadAnalyzer } from './lemma';
import { normalize } from './normalize';

/** One of the background indexer's analysers: sentences in, each sentence's lemmas out. */
export type LemmaRequest = { batch: number; texts: string[] };
export type LemmaReply = { batch: number; lemmas: string[][] };

const lemmatize = createLemmatizer(await loadAnalyzer());

parentPort!.on('message', (request: LemmaRequest) => {
  parentPort!.postMessage({ batch: request.batch, lemmas: request.texts.map((text) => lemmatize(normalize(text))) } satisfies LemmaReply);
});
