import fs from 'node:fs';
import type { DictLookup, DictStatus } from '../../common/dict';
import type { Logger } from '../log';
import { startWorker } from '../workers';
import type { WorkerMessage } from './import-worker';
import { dictDbPath } from './importer';
import { CombinedSource } from './combined-source';
import { DictionaryLibrary, edictId } from './library';
import { lookup } from './lookup';
import { kanjiCard, presentResults } from './results';
import { DictStore } from './store';

export class DictUnavailableError extends Error {
  constructor(readonly state: DictStatus['state']) {
    super(
      state === 'importing'
        ? 'The dictionary is being imported; try again in a few seconds.'
        : 'No dictionary is installed. Import one with `npm run dict:import -- /usr/share/edict/edict` (Debian: `apt install edict`).',
    );
  }
}

export interface ImportSummary {
  entries: number;
  encoding: string;
  milliseconds: number;
}

/**
 * The server's dictionary: its state (empty / importing / ready), lookups, and imports that run
 * in a worker thread so the server keeps answering while a 19 MB file is parsed and indexed.
 */
export class DictService {
  readonly store: DictStore;
  /** The learner's dictionaries (Yomitan format, KANJIDIC2) and EDICT's place among them. */
  readonly library: DictionaryLibrary;
  private importing: Promise<ImportSummary> | null = null;
  private progress = 0;
  private lastError: string | undefined;

  constructor(
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.store = new DictStore(dictDbPath(dataDir));
    this.library = new DictionaryLibrary(dataDir, this.store, log);
  }

  status(): DictStatus {
    const ready = this.store.available() || this.library.enabled().some((dictionary) => dictionary.db.counts().terms > 0);
    const state = this.importing ? 'importing' : ready ? 'ready' : 'empty';
    const status: DictStatus = {
      state,
      progress: state === 'importing' ? this.progress : ready ? 1 : 0,
      entries: ready ? this.store.entries() + this.library.enabled().reduce((sum, dictionary) => sum + dictionary.db.counts().terms, 0) : 0,
    };
    if (this.lastError && state !== 'ready') status.error = this.lastError;
    return status;
  }

  /** Answers from the current dictionary, also while a re-import runs. */
  lookup(query: string): DictLookup {
    const edict = this.store.available() && this.library.edictEnabled();
    const dictionaries = this.library.enabled();
    const withTerms = dictionaries.filter((dictionary) => dictionary.db.counts().terms > 0);
    const card = kanjiCard(query, dictionaries);
    if (!edict && withTerms.length === 0) {
      if (card) return { query, searched: query.trim(), results: [], kanji: card };
      throw new DictUnavailableError(this.importing ? 'importing' : 'empty');
    }
    const frequencyDictionary = this.library.frequencyDictionary();
    const answer = lookup(new CombinedSource(edict ? this.store : null, withTerms), query, {
      present: (candidates, limit) =>
        presentResults(candidates, limit, {
          edict: edict ? { id: edictId, title: this.library.get(edictId)?.title ?? 'EDICT' } : null,
          positions: this.library.positions(),
          dictionaries,
          frequencyDictionary,
        }),
    });
    if (card) answer.kanji = card;
    return answer;
  }

  /** Imports `source` in a worker; a second call while one runs joins it. */
  importFile(source: string): Promise<ImportSummary> {
    if (this.importing) return this.importing;
    this.progress = 0;
    this.lastError = undefined;
    this.log.info('dictionary import started', { source });
    const started = Date.now();
    let loggedDecile = 0;
    const run = new Promise<ImportSummary>((resolve, reject) => {
      const worker = startWorker('dict-import', { workerData: { kind: 'edict', source, dbPath: this.store.path } });
      let settled = false;
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'progress') {
          this.progress = message.progress;
          const decile = Math.floor(message.progress * 10);
          if (decile > loggedDecile && decile < 10) {
            loggedDecile = decile;
            this.log.info('dictionary import progress', { percent: decile * 10 });
          }
        } else if (message.type === 'done') {
          settled = true;
          resolve({ entries: message.entries, encoding: message.encoding, milliseconds: message.milliseconds });
        } else {
          settled = true;
          reject(new Error(message.message));
        }
      });
      worker.on('error', (error) => {
        settled = true;
        reject(error);
      });
      worker.on('exit', (code) => {
        if (!settled) reject(new Error(`the import worker stopped (exit code ${code})`));
      });
    });
    this.importing = run
      .then((summary) => {
        this.store.reload();
        this.library.syncEdict();
        this.log.info('dictionary imported', { source, entries: summary.entries, encoding: summary.encoding, ms: Date.now() - started });
        return summary;
      })
      .catch((error: unknown) => {
        this.lastError = error instanceof Error ? error.message : String(error);
        this.log.error('dictionary import failed', { source, error: this.lastError });
        throw error;
      })
      .finally(() => {
        this.importing = null;
      });
    return this.importing;
  }

  /** On start-up: imports `source` in the background when there is no dictionary yet and the file exists. */
  autoImport(source: string): void {
    if (this.library.removedBuiltIns().has(edictId)) {
      this.log.info('EDICT was deleted by the learner; not imported again');
      return;
    }
    if (this.store.available()) {
      this.log.info('dictionary ready', { entries: this.store.entries() });
      return;
    }
    if (!fs.existsSync(source)) {
      this.log.info('no dictionary', { hint: 'npm run dict:import -- FILE, or install Debian\'s edict', looked: source });
      return;
    }
    // The failure is logged and shown by /api/dict/status; nothing else waits for it.
    this.importFile(source).catch(() => {});
  }

  close(): Promise<void> {
    this.store.close();
    return this.library.close();
  }
}
