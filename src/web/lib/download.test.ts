import { afterEach, describe, expect, it, vi } from 'vitest';
import { download } from './download';

/** What the browser was asked to save: the anchor's file name and the Blob behind its URL. */
function capture() {
  const blobs = new Map<string, Blob>();
  let count = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${count++}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const saved: Array<{ name: string; blob: Blob | undefined }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('download', () => {
  it('saves text under the given name and type', () => {
    const saved = capture();
    download('notes.md', '# 猫', 'text/markdown');
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('notes.md');
    expect(saved[0].blob?.type).toBe('text/markdown');
    expect(saved[0].blob?.size).toBe(new TextEncoder().encode('# 猫').length);
  });

  it('saves a Blob as it is', () => {
    const saved = capture();
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'application/pdf' });
    download('menu.pdf', blob);
    expect(saved).toEqual([{ name: 'menu.pdf', blob }]);
  });
});
