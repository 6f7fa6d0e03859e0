import { parentPort, workerData } from 'node:worker_threads';
import type { ReadingToken } from '../../common/reading';
import { fastAnalyzer, loadDictionary } from './analyzer';
import { kuromojiDictPath } from './lemma';
import { readingTokens } from './reading';
import { lowerThreadPriority } from './thread-priority';

/** A reader of readings (reading-service.ts): texts in, each text's tokens out, in the order asked. */
export type ReadingCall = { id: number; texts: string[] };
export type ReadingReply = { ready: true } | { id: number; results: ReadingToken[][] };

const { dictDir } = (workerData ?? {}) as { dictDir?: string };
lowerThreadPriority(5);
// A dictionary that cannot be read throws here: the service sees the thread fail and answers 503.
const analyzer = fastAnalyzer(loadDictionary(dictDir ?? kuromojiDictPath()));

parentPort!.on('message', (call: ReadingCall) => {
  parentPort!.postMessage({ id: call.id, results: call.texts.map((text) => readingTokens(analyzer, text)) } satisfies ReadingReply);
});
parentPort!.postMessage({ ready: true } satisfies ReadingReply);
