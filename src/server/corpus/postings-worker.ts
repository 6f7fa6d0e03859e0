import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { buildPackedStringPostings, type PackedPostings } from './postings';
import { lowerThreadPriority } from './thread-priority';

/**
 * Builds a segment's string postings for the writer while it goes on with the next segment's
 * sentences (postings-builder.ts); answers on its port, then wakes the writer through `signal`.
 */
export type BuildRequest = { id: number; offsets: Int32Array; texts: string[]; span: number };
/** The rows, packed (transferred, not copied). */
export type BuildReply = { id: number; postings: PackedPostings };

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
lowerThreadPriority(5);

port.on('message', ({ id, offsets, texts, span }: BuildRequest) => {
  const postings = buildPackedStringPostings(offsets, texts, span);
  port.postMessage({ id, postings } satisfies BuildReply, [postings.terms.buffer, postings.ns.buffer, postings.ends.buffer, postings.data.buffer]);
  Atomics.store(signal, 0, id);
  Atomics.notify(signal, 0);
});
Atomics.store(signal, 1, 1);
parentPort!.postMessage('ready');
