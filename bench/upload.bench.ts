// Upload throughput of a 1 GiB file over loopback through /api/upload (tus: one creation, one PATCH
// with the whole body, as tus-js-client sends it by default) and the server's peak RSS growth while
// it streams to disk (issue 11: ≥ 200 MB/s, ≤ 100 MB). The server is the real one in its own
// process, so its memory is measured apart from this client's. The bytes are generated on the fly
// and the file is deleted afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startApp } from '../test-support/start-app';
import type { Figure } from './run';

const total = 1024 ** 3;
const block = randomBytes(4 * 1024 * 1024);
const token = 'bench-upload-token';

/** Resident set size of a process in bytes (Linux). */
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

function generated(size: number): Readable {
  let sent = 0;
  return new Readable({
    highWaterMark: block.length,
    read() {
      if (sent >= size) return this.push(null);
      const chunk = block.subarray(0, Math.min(block.length, size - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

function patchWhole(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(total),
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    generated(total).pipe(request);
  });
}

export default async function uploadBench(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-bench-upload-'));
  // A shared machine under load can take a while to compile the server with tsx.
  const app = await startApp({ DATA_DIR: dataDir, UPLOAD_TOKEN: token }, { startTimeoutMs: 120_000 }).catch((error: Error) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const pid = app.process.pid!;
  try {
    const created = await fetch(`${app.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': String(total), 'upload-metadata': `filename ${Buffer.from('bench.bin').toString('base64')}` },
    });
    if (created.status !== 201) throw new Error(`creation answered ${created.status}`);
    const location = new URL(created.headers.get('location')!, app.url);

    const baseline = rss(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
    const started = performance.now();
    const status = await patchWhole(location);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rss(pid));
    if (status !== 204) throw new Error(`the upload answered ${status}`);
    const stored = fs.statSync(path.join(dataDir, 'uploads', 'bench.bin')).size;
    if (stored !== total) throw new Error(`stored ${stored} of ${total} bytes`);

    const round = (value: number) => Math.round(value * 10) / 10;
    return [
      { name: 'upload throughput, 1 GiB over loopback', value: round(total / 1e6 / seconds), unit: 'MB/s', budget: 200, higherIsBetter: true, seconds: round(seconds) },
      { name: 'upload server peak RSS growth', value: round((peak - baseline) / 1e6), unit: 'MB', budget: 100, baselineMB: round(baseline / 1e6) },
    ];
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
