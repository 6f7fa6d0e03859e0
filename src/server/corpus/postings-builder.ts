import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { buildPackedStringPostings, type PackedPostings } from './postings';
import type { BuildReply, BuildRequest } from './postings-worker';
import { startWorker } from './workers';

/** Starts building a segment's postings; the function it returns waits for them. */
export type PostingsBuilder = (offsets: number[], texts: string[], span: number) => () => PackedPostings;

/** Builds in the calling thread. */
export const buildHere: PostingsBuilder = (offsets, texts, span) => {
  const rows = buildPackedStringPostings(offsets, texts, span);
  return () => rows;
};


/**
 * Builds in a helper thread, so an import's postings of one segment are built while the writer
 * stores the next segment's sentences: the import is one synchronous transaction, so the writer
 * waits with Atomics.wait and takes the answer with receiveMessageOnPort, without returning to
 * its event loop. The helper is started for a big import (`warm`) and stopped after `idleMs`
 * without work (a thread under tsx holds ~45 MB); until it is up, the caller builds.
 */
export function helperBuilder({ idleMs = 30_000 }: { idleMs?: number } = {}): { build: PostingsBuilder; warm: () => void; started: () => boolean; stop: () => Promise<void> } {
  // [0]: the last answer's id; [1]: 1 once the helper listens. Both read without the event loop,
  // which a running import does not give back.
  const signal = new Int32Array(new SharedArrayBuffer(8));
  let helper: { worker: Worker; port: MessagePort; gone: boolean } | null = null;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;
  const answers = new Map<number, BuildReply>();
  const warm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => void stop(), idleMs);
    idle.unref();
    if (helper && !helper.gone) return;
    const channel = new MessageChannel();
    Atomics.store(signal, 1, 0);
    const worker = startWorker('postings', { workerData: { port: channel.port2, signal }, transferList: [channel.port2] });
    const started = { worker, port: channel.port1, gone: false };
    helper = started;
    worker.on('error', () => (started.gone = true));
    worker.on('exit', () => (started.gone = true));
  };
  const stop = async () => {
    clearTimeout(idle);
    const stopping = helper;
    helper = null;
    if (stopping) await stopping.worker.terminate();
  };
  const build: PostingsBuilder = (offsets, texts, span) => {
    const current = helper;
    if (!current || current.gone || Atomics.load(signal, 1) !== 1) return buildHere(offsets, texts, span);
    warm();
    const id = nextId++;
    current.port.postMessage({ id, offsets: Int32Array.from(offsets), texts, span } satisfies BuildRequest);
    const asked = Date.now();
    return () => {
      for (;;) {
        for (let message = receiveMessageOnPort(current.port); message; message = receiveMessageOnPort(current.port)) {
          const reply = message.message as BuildReply;
          answers.set(reply.id, reply);
        }
        const reply = answers.get(id);
        if (reply) {
          answers.delete(id);
          return reply.postings;
        }
        // A helper that died cannot say so while the import runs: after a minute, build here.
        if (current.gone || Date.now() - asked > 60_000) {
          current.gone = true;
          return buildPackedStringPostings(offsets, texts, span);
        }
        Atomics.wait(signal, 0, Atomics.load(signal, 0), 100);
      }
    };
  };
  return { build, warm, started: () => helper !== null && !helper.gone && Atomics.load(signal, 1) === 1, stop };
}
