import { parentPort, workerData } from 'node:worker_threads';
import type { DictionaryCounts } from '../../common/dictionaries';
import { describeImportFailure, type DictImportErrorCode } from './import-errors';
import { importEdict } from './importer';
import { importKanjidic } from './kanjidic';
import type { YomitanIndex } from './yomitan/banks';
import { importYomitan, type ImportProgress } from './yomitan/importer';

export type WorkerMessage =
  | { type: 'progress'; progress: number }
  | { type: 'done'; entries: number; encoding: string; milliseconds: number }
  | { type: 'error'; message: string };

/** What a dictionary import (Yomitan zip or KANJIDIC2) tells the thread that started it. */
export type DictionaryWorkerMessage =
  | ({ type: 'progress' } & ImportProgress)
  | { type: 'index'; title: string }
  | { type: 'done'; counts: DictionaryCounts; index?: YomitanIndex; hasStyles: boolean }
  | { type: 'error'; code: DictImportErrorCode; params: Record<string, string | number>; message: string };

export type ImportWorkerData =
  | { kind: 'edict'; source: string; dbPath: string }
  | { kind: 'yomitan'; source: string; outPath: string; installedTitles: string[] }
  | { kind: 'kanjidic'; source: string; outPath: string };

const data = workerData as ImportWorkerData;

if (data.kind === 'edict') {
  const post = (message: WorkerMessage) => parentPort!.postMessage(message);
  let reported = -1;
  try {
    const result = await importEdict(data.source, data.dbPath, {
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
} else {
  const post = (message: DictionaryWorkerMessage) => parentPort!.postMessage(message);
  let reported = '';
  const progress = (update: ImportProgress) => {
    const key = `${update.step}:${update.file}:${Math.floor(update.progress * 100)}`;
    if (key === reported) return;
    reported = key;
    post({ type: 'progress', ...update });
  };
  try {
    if (data.kind === 'yomitan') {
      const result = importYomitan(data.source, data.outPath, {
        installedTitles: data.installedTitles,
        onIndex: (index) => post({ type: 'index', title: index.title }),
        onProgress: progress,
      });
      post({ type: 'done', counts: result.counts, index: result.index, hasStyles: result.hasStyles });
    } else {
      post({ type: 'index', title: 'KANJIDIC2' });
      const result = await importKanjidic(data.source, data.outPath, (value, rows) => progress({ step: 'kanji', rows, progress: value }));
      post({ type: 'done', counts: result.counts, hasStyles: false });
    }
  } catch (error) {
    post({ type: 'error', ...describeImportFailure(error) });
  }
}
