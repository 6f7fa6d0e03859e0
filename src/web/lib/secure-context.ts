import { readJson, removeKey, storageKeys, writeJson, type StorageKey } from './storage';

/**
 * What the browser withholds outside a secure context (plain http to a LAN address: no Async
 * Clipboard, Web Locks, `crypto.subtle` or service workers), and the one way the app does each
 * of those things anyway. README "HTTPS on your phone" says how to get a secure context.
 */

/** True on https and on localhost; false on `http://192.168.…` and other plain-http names. */
export function isSecureOrigin(): boolean {
  return typeof window === 'undefined' || window.isSecureContext !== false;
}

/** The Async Clipboard can be read (the paste buttons); false outside a secure context. */
export function canReadClipboard(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';
}

/** Thrown by readClipboardText where the browser has no clipboard to read from: the learner pastes with the keyboard. */
export class ClipboardUnavailableError extends Error {
  constructor() {
    super('the Async Clipboard API needs a secure context (https or localhost)');
    this.name = 'ClipboardUnavailableError';
  }
}

/** The clipboard's text; ClipboardUnavailableError where there is none, the browser's error when the learner refuses. */
export async function readClipboardText(): Promise<string> {
  if (!canReadClipboard()) throw new ClipboardUnavailableError();
  return navigator.clipboard.readText();
}

/**
 * Puts `text` on the clipboard: the Async Clipboard where there is one, else the old way (a
 * selected, hidden text field and `execCommand('copy')`, which works on plain http too). The
 * learner's own selection and focus are given back. False when neither way worked.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): the old way may still work.
    }
  }
  return copyThroughTextField(text);
}

function copyThroughTextField(text: string): boolean {
  const selection = document.getSelection();
  const ranges = selection ? Array.from({ length: selection.rangeCount }, (_, index) => selection.getRangeAt(index)) : [];
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.setAttribute('aria-hidden', 'true');
  // Off screen but rendered: a field with display:none cannot be selected. 16px stops iOS zooming in.
  field.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px;';
  document.body.append(field);
  field.focus({ preventScroll: true });
  field.select();
  field.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  field.remove();
  focused?.focus({ preventScroll: true });
  if (selection && ranges.length > 0) {
    selection.removeAllRanges();
    for (const range of ranges) selection.addRange(range);
  }
  return copied;
}

/** Web Crypto's SubtleCrypto, or null where the browser withholds it (outside a secure context). */
export function subtleCrypto(): SubtleCrypto | null {
  return typeof crypto !== 'undefined' && crypto.subtle ? crypto.subtle : null;
}

/** An id unique enough for keys and records: `crypto.randomUUID` exists only in secure contexts. */
export function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const leaseMs = 10_000;
const claimSettleMs = 50;
const tabId = randomId();
const inTab = new Map<string, Promise<unknown>>();

/** The locks the app takes, each with the localStorage key that stands in for it on plain http. */
const lockKeys = {
  'kotonoha-anki-queue': storageKeys.ankiQueueLock,
  'kotonoha-notion-review-queue': storageKeys.reviewQueueLock,
  'kotonoha-sync': storageKeys.syncLock,
} as const;
export type LockName = keyof typeof lockKeys;

interface Lease {
  owner: string;
  until: number;
}

function readLease(key: StorageKey): Lease | null {
  const lease = readJson<Lease | null>(key, null);
  return lease && typeof lease.owner === 'string' && typeof lease.until === 'number' ? lease : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function claim(key: StorageKey): Promise<boolean> {
  const lease = readLease(key);
  if (lease && lease.owner !== tabId && lease.until > Date.now()) return false;
  writeJson(key, { owner: tabId, until: Date.now() + leaseMs });
  // Two tabs claiming at once: the last write wins, and each reads back to learn whether it was theirs.
  await sleep(claimSettleMs);
  return readLease(key)?.owner === tabId;
}

async function withLease<T>(key: StorageKey, work: () => Promise<T>): Promise<T> {
  while (!(await claim(key))) await sleep(200 + Math.random() * 300);
  const renew = setInterval(() => writeJson(key, { owner: tabId, until: Date.now() + leaseMs }), leaseMs / 3);
  try {
    return await work();
  } finally {
    clearInterval(renew);
    if (readLease(key)?.owner === tabId) removeKey(key);
  }
}

function storageWorks(): boolean {
  try {
    return window.localStorage.length >= 0;
  } catch {
    return false;
  }
}

/**
 * Runs `work` holding the named lock, one holder at a time across this origin's tabs: Web Locks
 * where the browser has them; outside a secure context a lease in localStorage (renewed while
 * the work runs, expiring 10 s after a tab that held it vanished), and within one tab a queue.
 */
export function withLock<T>(name: LockName, work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(name, work) as Promise<T>;
  const previous = inTab.get(name) ?? Promise.resolve();
  const run = previous.then(() => (storageWorks() ? withLease(lockKeys[name], work) : work()));
  const settled = run.catch(() => undefined);
  inTab.set(name, settled);
  void settled.then(() => {
    if (inTab.get(name) === settled) inTab.delete(name);
  });
  return run;
}
