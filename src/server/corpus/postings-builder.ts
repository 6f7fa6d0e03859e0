import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { buildStringPostings, type PostingRow } from './postings';
import type { BuildReply, BuildRequest } from './postings-worker';

/** Starts building a segment's postings; the function it returns waits for them. */
export type PostingsBuilder = (offsets: number[], texts: string[], span: number) => () => PostingRow[];

/** Builds in the calling thread. */
export const buildHere: PostingsBuilder = (offsets, texts, span) => {
  const rows = buildStringPostings(offsets, texts, span);
  return () => rows;
};

const workerUrl = new URL('./worker.mjs', import.meta.url);

/**
 * Builds in a helper thread, so an import's postings of one segment are built while the writer
 * stores the next segment's sentences: the import is one synchronous transaction, so the writer
 * waits with Atomics.wait and takes the answer with receiveMessageOnPort, without returning to
 * its event loop. Until the helper has started (seconds under tsx), it builds in the caller.
 */
export function helperBuilder(): { build: PostingsBuilder; started: () => boolean; stop: () => Promise<number> } {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const channel = new MessageChannel();
  const port: MessagePort = channel.port1;
  const worker = new Worker(workerUrl, { workerData: { entry: 'postings', port: channel.port2, signal }, transferList: [channel.port2] });
  let ready = false;
  let failed = false;
  worker.once('message', () => (ready = true));
  worker.on('error', () => (failed = true));
  worker.on('exit', () => (failed = true));
  let nextId = 1;
  const answers = new Map<number, BuildReply>();
  const build: PostingsBuilder = (offsets, texts, span) => {
    if (!ready || failed) return buildHere(offsets, texts, span);
    const id = nextId++;
    port.postMessage({ id, offsets: Int32Array.from(offsets), texts, span } satisfies BuildRequest);
    return () => {
      for (;;) {
        for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
          const reply = message.message as BuildReply;
          answers.set(reply.id, reply);
        }
        const reply = answers.get(id);
        if (reply) {
          answers.delete(id);
          return unpack(reply);
        }
        if (failed) return buildStringPostings(offsets, texts, span);
        Atomics.wait(signal, 0, Atomics.load(signal, 0), 100);
      }
    };
  };
  return { build, started: () => ready && !failed, stop: () => worker.terminate() };
}

function unpack({ terms, ns, ends, data }: BuildReply): PostingRow[] {
  const rows: PostingRow[] = new Array(terms.length);
  for (let i = 0, at = 0; i < terms.length; at = ends[i], i++) rows[i] = { term: terms[i], n: ns[i], data: data.subarray(at, ends[i]) };
  return rows;
}
