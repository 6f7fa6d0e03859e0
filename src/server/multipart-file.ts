import fs from 'node:fs/promises';

export type MultipartFileResult =
  | { ok: true; fileName: string; bytes: number }
  | { ok: false; problem: 'not-multipart' | 'no-file' | 'too-large' | 'malformed' };

/**
 * Streams the part named `field` of a multipart/form-data body into `target`, never holding the
 * file in memory (a dictionary can be hundreds of MB); stops at `maxBytes`. Other parts are
 * skipped. On any problem `target` is removed.
 */
export async function saveMultipartFile(request: Request, field: string, target: string, maxBytes: number): Promise<MultipartFileResult> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get('content-type') ?? '');
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '') || !boundary || !request.body) return { ok: false, problem: 'not-multipart' };
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  const handle = await fs.open(target, 'w');
  let state: 'preamble' | 'headers' | 'body' | 'done' = 'preamble';
  // The preamble is matched as if a line break came before the first delimiter.
  let pending: Buffer = Buffer.from('\r\n');
  let saving = false;
  let found: string | null = null;
  let bytes = 0;
  let problem: 'no-file' | 'too-large' | 'malformed' | null = null;
  const write = async (data: Buffer) => {
    if (!saving || data.length === 0) return;
    bytes += data.length;
    if (bytes > maxBytes) throw new TooLarge();
    await handle.write(data);
  };
  try {
    const reader = request.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (value) pending = pending.length === 0 ? Buffer.from(value) : Buffer.concat([pending, value]);
      for (;;) {
        if (state === 'preamble' || state === 'body') {
          const at = pending.indexOf(delimiter);
          if (at < 0) {
            // Keep what could be the start of a delimiter cut by the chunk's end.
            const keep = Math.min(pending.length, delimiter.length - 1);
            if (state === 'body') await write(pending.subarray(0, pending.length - keep));
            pending = pending.subarray(pending.length - keep);
            break;
          }
          if (state === 'body') await write(pending.subarray(0, at));
          saving = false;
          pending = pending.subarray(at + delimiter.length);
          state = 'headers';
        }
        if (state === 'headers') {
          if (pending.length < 2) break;
          if (pending.subarray(0, 2).toString() === '--') {
            state = 'done';
            break;
          }
          const end = pending.indexOf('\r\n\r\n');
          if (end < 0) {
            if (pending.length > 16 * 1024) throw new Malformed();
            break;
          }
          const headers = pending.subarray(0, end).toString('utf8');
          pending = pending.subarray(end + 4);
          const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
          const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
          const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
          saving = name === field && fileName !== undefined && found === null;
          if (saving) found = fileName!;
          state = 'body';
          continue;
        }
        break;
      }
      if (done || state === 'done') {
        if (state === 'done') await reader.cancel().catch(() => undefined);
        break;
      }
    }
    if (state !== 'done') problem = found === null ? 'no-file' : 'malformed';
    else if (found === null) problem = 'no-file';
  } catch (error) {
    if (error instanceof TooLarge) problem = 'too-large';
    else if (error instanceof Malformed) problem = 'malformed';
    else {
      await handle.close();
      await fs.rm(target, { force: true });
      throw error;
    }
  }
  await handle.close();
  if (problem) {
    await fs.rm(target, { force: true });
    return { ok: false, problem };
  }
  return { ok: true, fileName: found!, bytes };
}

class TooLarge extends Error {}
class Malformed extends Error {}
