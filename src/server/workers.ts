import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker, workerData, type WorkerOptions } from 'node:worker_threads';

/**
 * The one way the server starts a worker thread. Under tsx each thread registers its own
 * TypeScript loader, ~30 MB and seconds of start-up per thread; so at start-up the server bundles
 * the worker entries into plain JavaScript once (esbuild, the one tsx brings) and threads start
 * from those bundles. Until they are built, or if that is not possible (no writable cache), threads
 * start through the tsx trampoline (worker.mjs) with the entry's file.
 */
const entries = {
  /** The corpus's one writer: imports, deletions (corpus/service.ts). */
  writer: './corpus/writer-worker.ts',
  /** A corpus reader of the search pool (corpus/search-pool.ts). */
  search: './corpus/search-worker.ts',
  /** Builds a segment's postings beside the writer (corpus/postings-builder.ts). */
  postings: './corpus/postings-worker.ts',
  /** The corpus's background indexing and compaction (corpus/service.ts). */
  background: './corpus/background-worker.ts',
  /** A lemma analyser of the background indexer (corpus/background-worker.ts). */
  lemma: './corpus/lemma-worker.ts',
  /** Loads the analyser's dictionary into shared memory (corpus/search-pool.ts). */
  'analyzer-dictionary': './corpus/analyzer-dictionary-worker.ts',
  /** Readings for furigana (corpus/reading-service.ts). */
  reading: './corpus/reading-worker.ts',
  /** A dictionary import: EDICT, a Yomitan zip or KANJIDIC2 (dict/service.ts, dict/dictionaries.ts). */
  'dict-import': './dict/import-worker.ts',
} as const;

export type WorkerEntry = keyof typeof entries;

const trampoline = new URL('./worker.mjs', import.meta.url);
// A thread started from the bundles starts its own threads from them too.
let bundleDir: string | null = ((workerData ?? {}) as { bundles?: string }).bundles ?? null;
let bundling: Promise<void> | null = null;

/** Builds the bundles (a few hundred ms, in esbuild's own process); resolves either way. */
export function bundleWorkers(): Promise<void> {
  bundling ??= build().then(
    (dir) => {
      bundleDir = dir;
    },
    () => undefined,
  );
  return bundling;
}

async function build(): Promise<string> {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsx/package.json'))('esbuild') as typeof import('esbuild');
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(here, file)])),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages stay where they are: native better-sqlite3, kuromoji's dictionary files.
    packages: 'external',
    write: false,
    outdir: 'out',
    logLevel: 'silent',
  });
  const hash = crypto.createHash('sha256');
  for (const file of result.outputFiles) hash.update(file.path).update(file.contents);
  // Under node_modules, so the bundles find the packages they import.
  const dir = path.join(path.dirname(require.resolve('tsx/package.json')), '..', '.cache', 'kotonoha-workers', hash.digest('hex').slice(0, 16));
  return installBundles(dir, result.outputFiles);
}

/**
 * Puts the bundles in `dir` unless they are there already. Servers start side by side (vitest's
 * files, e2e): each writes a staging directory of its own and renames it into place whole, so no
 * thread starts from a half-written bundle; a rename that loses finds the winner's in place.
 */
export async function installBundles(dir: string, files: Array<{ path: string; contents: Uint8Array }>): Promise<string> {
  if (await complete(dir)) return dir;
  const staging = `${dir}.${crypto.randomUUID()}`;
  try {
    await fs.mkdir(staging, { recursive: true });
    for (const file of files) await fs.writeFile(path.join(staging, path.basename(file.path)), file.contents);
    await fs.writeFile(path.join(staging, 'complete'), '');
    await fs.rename(staging, dir);
  } catch {
    await fs.rm(staging, { recursive: true, force: true });
  }
  if (!(await complete(dir))) throw new Error(`worker bundles not written to ${dir}`);
  return dir;
}

function complete(dir: string): Promise<boolean> {
  return fs.access(path.join(dir, 'complete')).then(
    () => true,
    () => false,
  );
}

/** Whether threads now start from the bundles (tests). */
export function startsFromBundles(): boolean {
  return bundleDir !== null;
}

export function startWorker(entry: WorkerEntry, options: WorkerOptions & { workerData?: Record<string, unknown> }): Worker {
  if (bundleDir) {
    // Plain JavaScript needs no loader: the parent's `--import tsx` is not passed on.
    return new Worker(path.join(bundleDir, `${entry}.js`), { ...options, execArgv: [], workerData: { ...options.workerData, bundles: bundleDir } });
  }
  return new Worker(trampoline, { ...options, workerData: { ...options.workerData, entryFile: new URL(entries[entry], import.meta.url).href } });
}
