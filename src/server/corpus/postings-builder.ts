import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { normalize } from './normalize';
import { buildPackedStringPostings, StringPostingsBuilder, type PackedPostings } from './postings';
import type { BuildReply, BuildRequest } from './postings-worker';
import { startWorker } from '../workers';

/** One segment's postings, built as its sentences come: `finish` returns a function that waits for them. */
export interface SegmentBuild {
  /** The next sentence: its offset from the segment's first id (ascending) and its text (normalised by the builder). */
  add(offset: number, text: string): void;
  finish(span: number): () => PackedPostings;
}

/** Starts a segment's postings. */
export type PostingsBuilder = () => SegmentBuild;

/** Builds in the calling thread. */
export const buildHere: PostingsBuilder = () => {
  const builder = new StringPostingsBuilder();
  const offsets: number[] = [];
  const texts: string[] = [];
  const flush = () => {
    builder.add(offsets, texts);
    offsets.length = 0;
    texts.length = 0;
  };
  return {
    add(offset, text) {
      offsets.push(offset);
      texts.push(normalize(text));
      if (texts.length === chunk) flush();
    },
    finish(span) {
      flush();
      const rows = builder.finish(span);
      return () => rows;
    },
  };
};

/** Sentences sent to the helper at a time: it counts them while the writer goes on. */
const chunk = 4096;

/**
 * Builds in a helper thread, so an import's postings of one segment are counted while the writer
 * stores the segment's sentences, and built while it stores the next segment's: the import is
 * one synchronous transaction, so the writer waits with Atomics.wait and takes the answer with
 * receiveMessageOnPort, without returning to its event loop. The helper is started for a big
 * import (`warm`) and stopped after `idleMs` without work (a thread under tsx holds ~45 MB); until
 * it is up, the caller builds.
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
  const build: PostingsBuilder = () => {
    const current = helper;
    if (!current || current.gone || Atomics.load(signal, 1) !== 1) return buildHere();
    warm();
    const id = nextId++;
    // Kept to build here if the helper dies. The helper normalises them (a tenth of the writer's work).
    const offsets: number[] = [];
    const texts: string[] = [];
    let sent = 0;
    const send = () => {
      if (sent < texts.length) current.port.postMessage({ type: 'add', id, offsets: Int32Array.from(offsets.slice(sent)), texts: texts.slice(sent) } satisfies BuildRequest);
      sent = texts.length;
    };
    return {
      add(offset, text) {
        offsets.push(offset);
        texts.push(text);
        if (texts.length - sent === chunk) send();
      },
      finish(span) {
        send();
        current.port.postMessage({ type: 'finish', id, span } satisfies BuildRequest);
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
              return buildPackedStringPostings(offsets, texts.map(normalize), span);
            }
            Atomics.wait(signal, 0, Atomics.load(signal, 0), 100);
          }
        };
      },
    };
  };
  return { build, warm, started: () => helper !== null && !helper.gone && Atomics.load(signal, 1) === 1, stop };
}
