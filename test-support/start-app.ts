import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');

export interface RunningApp {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions that secrets were not logged. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server (`src/server/main.ts`) on a free port with its own DATA_DIR, serving the
 * built app from KOTONOHA_DIST_DIR (default dist/). Extra env points upstreams at local fakes.
 */
export async function startApp(env: Record<string, string> = {}, { startTimeoutMs = 20_000 }: { startTimeoutMs?: number } = {}): Promise<RunningApp> {
  const ownsDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-data-'));
  const removeDataDir = () => {
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    // No start-up dictionary import (seconds of CPU and ~90 MB per server) unless a test asks for one.
    // glibc's malloc arenas capped as `npm start` caps them (decision 0016: ~60 MB less RSS with the corpus's threads).
    env: { MALLOC_ARENA_MAX: '2', ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', KOTONOHA_EDICT_PATH: '/nonexistent/edict', KOTONOHA_KANJIDIC_PATH: '/nonexistent/kanjidic2.xml.gz', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never said it listens must not outlive the test that started it.
      child.kill('SIGKILL');
      removeDataDir();
      reject(new Error(`server did not start:\n${output}`));
    }, startTimeoutMs);
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output += line + '\n';
      const match = /"url":"(https?:\/\/[^"]+)"/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          removeDataDir();
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
