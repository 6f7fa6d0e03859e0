import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { normalize } from './normalize';
import { StringPostingsBuilder, type PackedPostings } from './postings';
import { lowerThreadPriority } from './thread-priority';

/**
 * Builds segments' string postings for the writer (postings-builder.ts): counts each batch of a
 * segment's sentences as it comes, builds the rows at `finish`, answers on its port, then wakes
 * the writer through `signal`.
 */
export type BuildRequest = { type: 'add'; id: number; offsets: Int32Array; texts: string[] } | { type: 'finish'; id: number; span: number };
/** The rows, packed (transferred, not copied). */
export type BuildReply = { id: number; postings: PackedPostings };

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
lowerThreadPriority(5);

const building = new Map<number, StringPostingsBuilder>();
port.on('message', (request: BuildRequest) => {
  let builder = building.get(request.id);
  if (!builder) {
    // The writer counts one segment at a time: one still open here was left by an import that failed.
    building.clear();
    building.set(request.id, (builder = new StringPostingsBuilder()));
  }
  if (request.type === 'add') {
    builder.add(request.offsets, request.texts.map(normalize));
    return;
  }
  building.delete(request.id);
  const postings = builder.finish(request.span);
  port.postMessage({ id: request.id, postings } satisfies BuildReply, [postings.terms.buffer, postings.ns.buffer, postings.ends.buffer, postings.data.buffer]);
  Atomics.store(signal, 0, request.id);
  Atomics.notify(signal, 0);
});
Atomics.store(signal, 1, 1);
parentPort!.postMessage('ready');
