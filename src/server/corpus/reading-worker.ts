import { parentPort, workerData } from 'node:worker_threads';
import { fastAnalyzer, loadDictionary } from './analyzer';
import { kuromojiDictPath } from './lemma';
import { readingTokens } from './reading';
import { lowerThreadPriority } from './thread-priority';

/**
 * A reader of readings (reading-service.ts): texts in, each text's tokens out as JSON, in the order
 * asked. Strings cross threads far cheaper than object graphs, and the route sends them as they are.
 */
export type ReadingCall = { id: number; texts: string[] };
export type ReadingReply = { ready: true } | { id: number; results: string[] };

const { dictDir } = (workerData ?? {}) as { dictDir?: string };
lowerThreadPriority(5);
// A dictionary that cannot be read throws here: the service sees the thread fail and answers 503.
const analyzer = fastAnalyzer(loadDictionary(dictDir ?? kuromojiDictPath()));

parentPort!.on('message', (call: ReadingCall) => {
  parentPort!.postMessage({ id: call.id, results: call.texts.map((text) => JSON.stringify(readingTokens(analyzer, text))) } satisfies ReadingReply);
});
parentPort!.postMessage({ ready: true } satisfies ReadingReply);
