import { parentPort, workerData } from 'node:worker_threads';
import { importEdict } from './importer';

export type WorkerMessage =
  | { type: 'progress'; progress: number }
  | { type: 'done'; entries: number; encoding: string; milliseconds: number }
  | { type: 'error'; message: string };

const { source, dbPath } = workerData as { source: string; dbPath: string };
const post = (message: WorkerMessage) => parentPort!.postMessage(message);

let reported = -1;
try {
  const result = await importEdict(source, dbPath, {
    onProgress: (progress) => {
      // A message per percent is plenty for a progress bar and a log line.
      const percent = Math.floor(progress * 100);
      if (percent === reported) return;
      reported = percent;
      post({ type: 'progress', progress });
    },
  });
  post({ type: 'done', entries: result.entries, encoding: result.encoding, milliseconds: result.milliseconds });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
