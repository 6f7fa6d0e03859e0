import { DetailedError, Upload, defaultOptions, type PreviousUpload } from 'tus-js-client';
import { create } from 'zustand';
import { bodyMessage, parseBody } from '../../lib/http/http-client';
import { serverErrorMessage } from '../../lib/http/server-error-message';
import { translate } from '../../lib/i18n/i18n';
import { catalogue } from './i18n';
import { TaskPool } from '../../lib/task-pool';
import { uploadEndpoint } from './api/files-api';
import { tusHttpStack } from './api/tus-http-stack';
import { SpeedMeter } from './progress';

export type UploadStatus = 'queued' | 'uploading' | 'retrying' | 'paused' | 'done' | 'error' | 'cancelled';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  sent: number;
  /** Bytes per second, smoothed; 0 while unknown or not moving. */
  speed: number;
  status: UploadStatus;
  error?: string;
  /** The name the server gave the finished file (a ` (2)` suffix when the name was taken). */
  finalName?: string;
  /** Continued an upload that an earlier visit (or a dropped connection) left unfinished. */
  resumed: boolean;
}

/** An unfinished upload remembered in this browser (tus-js-client's localStorage entries). */
export interface ResumableUpload {
  key: string;
  name: string;
  size: number;
  uploadUrl: string;
  createdAt: string;
  /** Bytes the server holds; undefined while asking. */
  stored?: number;
}

/** At most this many uploads run at once (docs/behaviour.md "Limits and constants"); the rest wait in line. */
export const maxParallelUploads = 3;
const pool = new TaskPool(maxParallelUploads);
/** Covers a server restart or a dropped Wi-Fi: about 40 s of attempts before the row shows an error. */
const retryDelays = [0, 1000, 3000, 5000, 10_000, 20_000];
const progressEveryMs = 200;

interface Handle {
  file: File;
  token: string;
  upload?: Upload;
  meter: SpeedMeter;
  lastRender: number;
  /** Frees the task pool slot. */
  settle?: () => void;
  onFinished?: () => void;
}
const handles = new Map<string, Handle>();
let nextId = 1;

interface UploadState {
  items: UploadItem[];
  resumables: ResumableUpload[];
}

export const useUploads = create<UploadState>(() => ({ items: [], resumables: [] }));

function patch(id: string, change: Partial<UploadItem>) {
  useUploads.setState((state) => ({ items: state.items.map((item) => (item.id === id ? { ...item, ...change } : item)) }));
}
const itemById = (id: string) => useUploads.getState().items.find((item) => item.id === id);
const isActive = (status: UploadStatus) => status === 'queued' || status === 'uploading' || status === 'retrying' || status === 'paused';

function errorMessage(error: Error): string {
  if (error instanceof DetailedError) {
    const response = error.originalResponse;
    if (response && response.getStatus() > 0) {
      return bodyMessage(response.getBody()) ?? translate(catalogue, 'error.status', { status: response.getStatus() });
    }
    return translate(catalogue, 'error.unreachable');
  }
  return error.message;
}

/**
 * Shows a failure at once in the server's words, then, when the server coded it (docs/errors.md),
 * in the interface language as soon as that catalogue is in.
 */
function showError(id: string, change: Partial<UploadItem>, error: Error) {
  const shown = errorMessage(error);
  patch(id, { ...change, error: shown });
  const body = error instanceof DetailedError ? error.originalResponse?.getBody() : undefined;
  if (!body) return;
  void serverErrorMessage(parseBody(body)).then((worded) => {
    if (worded && itemById(id)?.error === shown) patch(id, { error: worded });
  });
}

/** Retries what a later attempt can fix: no answer, a server error, a lock or offset race. */
function shouldRetry(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

function run(id: string): Promise<void> {
  const handle = handles.get(id);
  if (!handle || itemById(id)?.status !== 'queued') return Promise.resolve();
  return new Promise<void>((resolve) => {
    handle.settle = () => {
      handle.settle = undefined;
      resolve();
    };
    const { file } = handle;
    const upload = new Upload(file, {
      endpoint: new URL(uploadEndpoint, window.location.origin).href,
      headers: { authorization: `Bearer ${handle.token}` },
      httpStack: tusHttpStack,
      metadata: { filename: file.webkitRelativePath || file.name, filetype: file.type },
      retryDelays,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error) => {
        const retry = shouldRetry(error);
        if (retry) showError(id, { status: 'retrying', speed: 0 }, error);
        return retry;
      },
      onProgress: (sent) => {
        const now = performance.now();
        const item = itemById(id);
        if (item?.status === 'retrying' || item?.status === 'queued') {
          handle.meter.reset(sent, now);
          patch(id, { status: 'uploading', error: undefined });
        }
        const speed = handle.meter.sample(sent, now);
        if (now - handle.lastRender < progressEveryMs) return;
        handle.lastRender = now;
        patch(id, { sent, speed });
      },
      onSuccess: ({ lastResponse }) => {
        const finalName = lastResponse.getHeader('Kotonoha-File-Name');
        patch(id, { status: 'done', sent: file.size, speed: 0, error: undefined, finalName: finalName ? decodeURIComponent(finalName) : file.name });
        handle.onFinished?.();
        handles.delete(id);
        handle.settle?.();
      },
      onError: (error) => {
        showError(id, { status: 'error', speed: 0 }, error);
        handle.settle?.();
      },
    });
    handle.upload = upload;
    handle.meter.reset(itemById(id)?.sent ?? 0, performance.now());
    patch(id, { status: 'uploading', error: undefined });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (itemById(id)?.status !== 'uploading') return;
        const earlier = previous.find((entry) => entry.uploadUrl);
        if (earlier) {
          upload.resumeFromPreviousUpload(earlier);
          patch(id, { resumed: true });
          useUploads.setState((state) => ({ resumables: state.resumables.filter((entry) => entry.key !== earlier.urlStorageKey) }));
        }
        upload.start();
      })
      .catch((error: Error) => {
        patch(id, { status: 'error', error: error.message });
        handle.settle?.();
      });
  });
}

function schedule(id: string) {
  patch(id, { status: 'queued', error: undefined, speed: 0 });
  void pool.run(() => run(id));
}

/** Queues files for upload with the given token; `onFinished` runs after each one that finishes. */
export function addFiles(files: readonly File[], token: string, onFinished?: () => void): { added: number; skipped: string[] } {
  const skipped: string[] = [];
  const fresh: UploadItem[] = [];
  for (const file of files) {
    const sameFileActive = [...handles.entries()].some(
      ([id, handle]) =>
        handle.file.name === file.name && handle.file.size === file.size && handle.file.lastModified === file.lastModified && isActive(itemById(id)?.status ?? 'done'),
    );
    // Two uploads of one file would both resume the same server upload and fight over its offset.
    if (sameFileActive) {
      skipped.push(file.name);
      continue;
    }
    const id = `upload-${nextId++}`;
    handles.set(id, { file, token, meter: new SpeedMeter(), lastRender: 0, onFinished });
    fresh.push({ id, name: file.webkitRelativePath || file.name, size: file.size, sent: 0, speed: 0, status: 'queued', resumed: false });
  }
  useUploads.setState((state) => ({ items: [...fresh, ...state.items] }));
  for (const item of fresh) schedule(item.id);
  return { added: fresh.length, skipped };
}

export function pauseUpload(id: string) {
  const handle = handles.get(id);
  if (!handle) return;
  patch(id, { status: 'paused', speed: 0 });
  void handle.upload?.abort(false);
  handle.settle?.();
}

export function resumeUpload(id: string) {
  if (handles.has(id)) schedule(id);
}

export function cancelUpload(id: string) {
  const handle = handles.get(id);
  if (!handle) return;
  patch(id, { status: 'cancelled', speed: 0, error: undefined });
  // Terminates the upload on the server too, and forgets it in this browser.
  void handle.upload?.abort(true).catch(() => {});
  handle.settle?.();
  handles.delete(id);
}

export function dismissUpload(id: string) {
  handles.delete(id);
  useUploads.setState((state) => ({ items: state.items.filter((item) => item.id !== id) }));
}

export function clearFinished() {
  useUploads.setState((state) => ({ items: state.items.filter((item) => item.status !== 'done' && item.status !== 'cancelled') }));
}

/** The unfinished uploads this browser remembers, minus those running now. */
export async function loadResumables(): Promise<void> {
  const entries: PreviousUpload[] = await defaultOptions.urlStorage.findAllUploads().catch(() => []);
  const runningNames = new Set(useUploads.getState().items.filter((item) => isActive(item.status)).map((item) => `${item.name}\u0000${item.size}`));
  const resumables = entries
    .filter((entry) => entry.uploadUrl && !runningNames.has(`${entry.metadata?.filename}\u0000${entry.size}`))
    .map((entry) => ({
      key: entry.urlStorageKey,
      name: entry.metadata?.filename ?? translate(catalogue, 'unnamedFile'),
      size: entry.size ?? 0,
      uploadUrl: entry.uploadUrl!,
      createdAt: entry.creationTime,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  useUploads.setState({ resumables });
}

export function setStored(key: string, stored: number | null) {
  useUploads.setState((state) => ({
    // Gone from the server (finished, cancelled or expired): nothing left to resume.
    resumables: stored === null ? state.resumables.filter((entry) => entry.key !== key) : state.resumables.map((entry) => (entry.key === key ? { ...entry, stored } : entry)),
  }));
  if (stored === null) void defaultOptions.urlStorage.removeUpload(key);
}

/** Drops a remembered upload here and on the server. */
export async function forgetResumable(entry: ResumableUpload, token: string): Promise<void> {
  await Upload.terminate(entry.uploadUrl, { headers: { authorization: `Bearer ${token}` }, retryDelays: [], httpStack: tusHttpStack }).catch(() => {});
  await defaultOptions.urlStorage.removeUpload(entry.key);
  useUploads.setState((state) => ({ resumables: state.resumables.filter((item) => item.key !== entry.key) }));
}
