import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClipboardUnavailableError, copyText, randomId, readClipboardText, withLock } from './secure-context';
import { storageKeys } from './storage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('copyText', () => {
  it('without the Async Clipboard copies through a selected hidden text field, then gives the selection back', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    document.body.innerHTML = '<p id="p">選んだ文</p>';
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('p')!);
    document.getSelection()!.addRange(range);
    let copiedFrom: { tag: string; value: string; selected: string } | undefined;
    document.execCommand = vi.fn(() => {
      const field = document.activeElement as HTMLTextAreaElement;
      copiedFrom = { tag: field.tagName, value: field.value, selected: field.value.slice(field.selectionStart, field.selectionEnd) };
      return true;
    });
    expect(await copyText('猫【ねこ】 cat')).toBe(true);
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(copiedFrom).toEqual({ tag: 'TEXTAREA', value: '猫【ねこ】 cat', selected: '猫【ねこ】 cat' });
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.getSelection()!.toString()).toBe('選んだ文');
  });

  it('uses the Async Clipboard where there is one, and the old way when it refuses', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    document.execCommand = vi.fn(() => true);
    expect(await copyText('a')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('a');
    expect(document.execCommand).not.toHaveBeenCalled();
    writeText.mockRejectedValueOnce(new DOMException('not focused', 'NotAllowedError'));
    expect(await copyText('b')).toBe(true);
    expect(document.execCommand).toHaveBeenCalledWith('copy');
  });

  it('says false when neither way works', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    document.execCommand = vi.fn(() => false);
    expect(await copyText('a')).toBe(false);
  });
});

describe('readClipboardText', () => {
  it('without the Async Clipboard throws ClipboardUnavailableError (never a TypeError from undefined)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    await expect(readClipboardText()).rejects.toBeInstanceOf(ClipboardUnavailableError);
  });
});

describe('randomId', () => {
  it('works without crypto.randomUUID (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const ids = new Set(Array.from({ length: 100 }, () => randomId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('withLock without Web Locks', () => {
  const noLocks = () => vi.stubGlobal('navigator', { ...navigator, locks: undefined });

  it('runs one holder at a time within a tab, holding a lease in localStorage while it works', async () => {
    noLocks();
    const order: string[] = [];
    let leaseSeen: string | null = null;
    const first = withLock('kotonoha-anki-queue', async () => {
      order.push('first start');
      leaseSeen = localStorage.getItem(storageKeys.ankiQueueLock);
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('first end');
      return 1;
    });
    const second = withLock('kotonoha-anki-queue', async () => {
      order.push('second');
      return 2;
    });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(order).toEqual(['first start', 'first end', 'second']);
    expect(leaseSeen).toMatch(/"owner":/);
    expect(localStorage.getItem(storageKeys.ankiQueueLock)).toBeNull();
  });

  it('waits while another tab holds a live lease, and goes once it is released', async () => {
    noLocks();
    localStorage.setItem(storageKeys.ankiQueueLock, JSON.stringify({ owner: 'another tab', until: Date.now() + 10_000 }));
    let ran = false;
    const waiting = withLock('kotonoha-anki-queue', async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(ran).toBe(false);
    localStorage.removeItem(storageKeys.ankiQueueLock);
    await waiting;
    expect(ran).toBe(true);
  });

  it('takes over a lease whose tab is gone (expired)', async () => {
    noLocks();
    localStorage.setItem(storageKeys.ankiQueueLock, JSON.stringify({ owner: 'closed tab', until: Date.now() - 1 }));
    expect(await withLock('kotonoha-anki-queue', async () => 'done')).toBe('done');
  });

  it('a failing holder releases the lock for the next', async () => {
    noLocks();
    await expect(withLock('kotonoha-anki-queue', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await withLock('kotonoha-anki-queue', async () => 'next')).toBe('next');
  });
});
