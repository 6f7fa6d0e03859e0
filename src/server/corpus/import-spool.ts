import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImportStatus } from '../../common/shonagon';
import type { ImportMeta, ImportSource } from './import-job';

/** A queued import as written to disk, so a restart finds it and carries on. */
export interface Spooled {
  id: string;
  seq: number;
  name: string;
  bytes: number;
  startedAt: string;
  kind: ImportSource['kind'];
  meta: ImportMeta;
}

/**
 * The import queue on disk: each queued import's bytes and its description, written before it
 * runs and removed once it is done or failed, so a restart carries on with those still queued.
 */
export class ImportSpool {
  private nextSeq = 0;

  constructor(private readonly dir: string) {}

  /** The spooled imports in the order they were queued, but for those `skip` names; unreadable descriptions are removed. */
  async list(skip: (id: string) => boolean): Promise<Spooled[]> {
    let names: string[] = [];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return [];
    }
    const spooled: Spooled[] = [];
    for (const name of names.filter((file) => file.endsWith('.json'))) {
      if (skip(name.slice(0, -'.json'.length))) continue;
      try {
        spooled.push(JSON.parse(await fs.readFile(path.join(this.dir, name), 'utf8')) as Spooled);
      } catch {
        await fs.rm(path.join(this.dir, name), { force: true });
      }
    }
    spooled.sort((a, b) => a.seq - b.seq);
    this.nextSeq = Math.max(this.nextSeq, ...spooled.map((entry) => entry.seq + 1));
    return spooled;
  }

  async write(status: ImportStatus, source: ImportSource, meta: ImportMeta) {
    const entry: Spooled = { id: status.id, seq: Date.now() * 1000 + (this.nextSeq++ % 1000), name: status.name, bytes: status.bytes, startedAt: status.startedAt, kind: source.kind, meta };
    const payload = source.kind === 'file' ? source.bytes : source.kind === 'text' ? source.text : JSON.stringify(source.cues);
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, `${status.id}.bin`), payload);
    // The description last: a restart resumes only imports whose bytes are complete.
    await fs.writeFile(path.join(this.dir, `${status.id}.json`), JSON.stringify(entry));
  }

  async read(entry: Spooled): Promise<ImportSource> {
    const payload = await fs.readFile(path.join(this.dir, `${entry.id}.bin`));
    if (entry.kind === 'file') return { kind: 'file', name: entry.name, bytes: new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength) };
    if (entry.kind === 'text') return { kind: 'text', text: payload.toString('utf8') };
    return { kind: 'cues', cues: JSON.parse(payload.toString('utf8')) as Array<{ start: number; end: number; text: string }> };
  }

  async remove(id: string) {
    await Promise.all(['json', 'bin'].map((extension) => fs.rm(path.join(this.dir, `${id}.${extension}`), { force: true })));
  }
}
