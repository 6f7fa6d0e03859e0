import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { buildStringPostings } from './postings';
import { lowerThreadPriority } from './thread-priority';

/**
 * Builds a segment's string postings for the writer while it goes on with the next segment's
 * sentences (postings-builder.ts); answers on its port, then wakes the writer through `signal`.
 */
export type BuildRequest = { id: number; offsets: Int32Array; texts: string[]; span: number };
/** The rows, columns packed for transfer: term, n and where each row's data ends in `data`. */
export type BuildReply = { id: number; terms: Float64Array; ns: Int32Array; ends: Int32Array; data: Uint8Array };

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
lowerThreadPriority(5);

port.on('message', ({ id, offsets, texts, span }: BuildRequest) => {
  const rows = buildStringPostings(offsets, texts, span);
  const terms = new Float64Array(rows.length);
  const ns = new Int32Array(rows.length);
  const ends = new Int32Array(rows.length);
  let size = 0;
  for (const row of rows) size += row.data.byteLength;
  const data = new Uint8Array(size);
  let at = 0;
  rows.forEach((row, i) => {
    terms[i] = row.term;
    ns[i] = row.n;
    data.set(row.data, at);
    at += row.data.byteLength;
    ends[i] = at;
  });
  port.postMessage({ id, terms, ns, ends, data } satisfies BuildReply, [terms.buffer, ns.buffer, ends.buffer, data.buffer]);
  Atomics.store(signal, 0, id);
  Atomics.notify(signal, 0);
});
Atomics.store(signal, 1, 1);
parentPort!.postMessage('ready');
