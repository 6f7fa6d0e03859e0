import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers';
import type { WriterMessage, WriterRequest } from './writer-worker';

/**
 * Calls to the corpus's one writer thread (writer-worker.ts), started on the first call and again
 * after it stopped: requests answered by number, and import jobs that report as they go. A job or
 * request in flight when the thread dies fails with it; its transaction never committed.
 */
export class WriterThread {
  private worker: Worker | null = null;
  private readonly jobs = new Map<string, (message: WriterMessage) => void>();
  private readonly requests = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextRequest = 1;

  constructor(private readonly dbPath: string) {}

  request<T>(request: Extract<WriterRequest, { req: number }>): Promise<T> {
    const req = this.nextRequest++;
    return new Promise<T>((resolve, reject) => {
      this.requests.set(req, { resolve: resolve as (value: unknown) => void, reject });
      this.thread().postMessage({ ...request, req });
    });
  }

  /** Runs an import; `onMessage` hears its progress and then its one `done` or `error`. */
  runJob(request: Extract<WriterRequest, { type: 'import' }>, transfer: ArrayBuffer[], onMessage: (message: WriterMessage) => void) {
    this.jobs.set(request.job, (message) => {
      if (message.type === 'done' || message.type === 'error') this.jobs.delete(request.job);
      onMessage(message);
    });
    this.thread().postMessage(request, transfer);
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker('writer', { workerData: { dbPath: this.dbPath } });
    this.worker = worker;
    worker.on('message', (message: WriterMessage) => {
      if (message.type === 'result' || message.type === 'failure') {
        const request = this.requests.get(message.req);
        this.requests.delete(message.req);
        if (message.type === 'result') request?.resolve(message.value);
        else request?.reject(new Error(message.message));
        return;
      }
      this.jobs.get(message.job)?.(message);
    });
    const gone = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      // A job in flight dies with the worker; its transaction never committed.
      for (const [job, handle] of this.jobs) handle({ type: 'error', job, message: reason, status: 400 });
      for (const request of this.requests.values()) request.reject(new Error(reason));
      this.requests.clear();
    };
    worker.on('error', (error) => gone(`import failed: ${error.message}; nothing was added`));
    worker.on('exit', () => gone('the import was stopped before it finished; nothing was added'));
    return worker;
  }
}
