import { parentPort } from 'node:worker_threads';
import { loadDictionary } from './analyzer';
import { kuromojiDictPath } from './lemma';

/** Reads the analyser's dictionary into shared memory for the readers (a second of gunzip and parsing, off the main thread). */
parentPort!.postMessage(loadDictionary(kuromojiDictPath(), { shared: true }));
