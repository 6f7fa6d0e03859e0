import { translate } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';
import type { TableData } from './sql-engine';
import type { WorkerReply, WorkerRequest } from './sql-worker';

type Pending = { resolve: (reply: WorkerReply) => void };
type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * Talks to the SQLite worker: one request at a time in order, answers matched by id. Its own
 * failures are worded in the interface language (the Executor's catalogue is loaded with it).
 */
export class SqlRunner {
  private worker = new Worker(new URL('./sql-worker.ts', import.meta.url), { type: 'module' });
  private pending = new Map<number, Pending>();
  private nextId = 1;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      this.pending.get(reply.id)?.resolve(!reply.ok && reply.code === 'not-loaded' ? { ...reply, error: translate(catalogue, 'executor.notLoaded') } : reply);
      this.pending.delete(event.data.id);
    };
    this.worker.onerror = (event) => {
      for (const [id, pending] of this.pending) pending.resolve({ id, ok: false, error: event.message || translate(catalogue, 'executor.workerFailed') });
      this.pending.clear();
    };
  }

  private send(request: Request): Promise<WorkerReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  load(data: TableData) {
    return this.send({ type: 'load', data });
  }

  exec(sql: string) {
    return this.send({ type: 'exec', sql });
  }

  dispose() {
    this.worker.terminate();
  }
}
