import SparkMD5 from 'spark-md5';
import { niutransLanguage, type SourceLanguage, type TargetLanguage } from '../languages';
import { delay, http, parseBody } from '../../../lib/http/http-client';
import { NiutransError, niutransBody, niutransCall, niutransFailure, type NiutransAnswer } from './niutrans-text';

/** docs/behaviour.md "File translation". */
export const fileMessages = {
  voiceTooBig: '语音文件大小不能超过2MB',
  imageTooBig: '图片文件大小不能超过10MB',
  voiceSync: '语音现不支持同步翻译',
  unsupported: '不支持的文件类型',
  unknownType: 'unknow file type',
} as const;

const MB = 1024 * 1024;
export const fileLimits = { voice: 2 * MB, image: 10 * MB } as const;
export const voiceTypes = ['audio/mpeg', 'audio/wav'] as const;
export const imageTypes = ['image/png', 'image/jpeg', 'image/bmp'] as const;

export type FileKind = 'voice' | 'image';
export type FileMode = 'sync' | 'async';

/**
 * Why a file is refused; the screen shows the catalogue's `file.check.<reason>` (the same Chinese
 * words in zh and en).
 */
export type FileRefusal = 'voiceTooBig' | 'imageTooBig' | 'voiceSync' | 'unsupported';

export type FileCheck = { ok: true; kind: FileKind } | { ok: false; reason: FileRefusal; message: string; level: 'error' | 'warning' };

/** docs/behaviour.md "File translation": which files may be translated, and the exact message when one may not. */
export function checkFile(file: { type: string; size: number }, mode: FileMode): FileCheck {
  if ((voiceTypes as readonly string[]).includes(file.type)) {
    if (file.size > fileLimits.voice) return { ok: false, reason: 'voiceTooBig', message: fileMessages.voiceTooBig, level: 'error' };
    if (mode === 'sync') return { ok: false, reason: 'voiceSync', message: fileMessages.voiceSync, level: 'warning' };
    return { ok: true, kind: 'voice' };
  }
  if ((imageTypes as readonly string[]).includes(file.type)) {
    if (file.size > fileLimits.image) return { ok: false, reason: 'imageTooBig', message: fileMessages.imageTooBig, level: 'error' };
    return { ok: true, kind: 'image' };
  }
  return { ok: false, reason: 'unsupported', message: fileMessages.unsupported, level: 'error' };
}

/** docs/behaviour.md "File translation" paths; anything else is 'unknow file type'. */
export function fileApiPath(kind: string): string {
  if (kind === 'voice') return '/v2/voice/translate/short-voice';
  if (kind === 'image') return '/v2/image/translate';
  throw new Error(fileMessages.unknownType);
}

/**
 * docs/behaviour.md "File translation": the MD5 (hex) of the request's `key=value` pairs sorted by
 * key and joined with `&`, the api key included as `apikey`. The file and `authStr` itself are not
 * signed.
 */
export function signParams(params: Record<string, string | number>, apiKey: string): string {
  const entries = Object.entries({ ...params, apikey: apiKey })
    .filter(([key]) => key !== 'authStr' && key !== 'file')
    .map(([key, value]) => [key, String(value)] as const);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return SparkMD5.hash(entries.map(([key, value]) => `${key}=${value}`).join('&'));
}

/**
 * Download formats (docs/behaviour.md "File translation"): 1 whole translation, 2 origin and
 * translation on two lines, else raw.
 */
export type ResultType = '1' | '2' | 'raw';

export interface FileApiOptions {
  kind: FileKind;
  appId: string;
  apiKey: string;
  signal?: AbortSignal;
  /** Where the relay is; the page's own origin by default. */
  baseURL?: string;
  /** Per-request limit; the sync call waits longer (the relay allows 120 s). */
  timeoutMs?: number;
  /** Tests pin the timestamp to compare signatures. */
  now?: () => number;
}

export interface FileUploadOptions extends FileApiOptions {
  from: SourceLanguage;
  to: TargetLanguage;
  /** NiuTrans's domain code; 99 is the general domain. */
  realmCode?: string;
}

export interface FileStatus {
  state: 'processing' | 'done' | 'failed' | 'interrupted';
  progress: number | undefined;
  message?: string;
}

const requestTimeoutMs = 60_000;
const syncTimeoutMs = 125_000;

function timestamp(options: FileApiOptions): string {
  return String((options.now ?? Date.now)());
}

/**
 * One call of the file API through the shared client; the answer is its `{code, msg, data}` (code
 * 200 means ok, docs/behaviour.md "File translation").
 */
async function send(url: string, init: { method: string; body?: FormData }, options: FileApiOptions, timeoutMs: number): Promise<Record<string, unknown>> {
  const answer = await niutransCall(url, { ...init, baseUrl: options.baseURL, signal: options.signal, timeoutMs: options.timeoutMs ?? timeoutMs });
  const parsed = niutransBody(answer, () => answer.statusText || 'error');
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const code = record.code ?? record.errorCode ?? record.error_code;
  const msg = record.msg ?? record.errorMsg ?? record.error_msg;
  if (code === undefined ? !answer.ok : Number(code) !== 200) {
    throw new NiutransError('http', String(code ?? answer.status), typeof msg === 'string' && msg ? msg : answer.statusText || 'error');
  }
  return record;
}

function signedQuery(options: FileApiOptions, extra: Record<string, string> = {}): string {
  const params = { appId: options.appId, timestamp: timestamp(options), ...extra };
  return new URLSearchParams({ ...params, authStr: signParams(params, options.apiKey) }).toString();
}

function uploadForm(file: Blob, fileName: string, options: FileUploadOptions, extra: Record<string, string>): FormData {
  const fields: Record<string, string> = {
    appId: options.appId,
    from: niutransLanguage(options.from),
    to: niutransLanguage(options.to),
    timestamp: timestamp(options),
    realmCode: options.realmCode ?? '99',
    ...extra,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', file, fileName);
  form.set('authStr', signParams(fields, options.apiKey));
  return form;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The texts a sync answer or raw download carries, under the names seen in NiuTrans answers. */
export function resultText(data: unknown, resultType: ResultType): string {
  if (typeof data === 'string') return data;
  if (typeof data !== 'object' || data === null) return '';
  const record = data as Record<string, unknown>;
  const source = text(record.srcText) ?? text(record.src_text) ?? text(record.asrText) ?? '';
  const target = text(record.tgtText) ?? text(record.tgt_text) ?? text(record.text) ?? text(record.result) ?? '';
  if (resultType === '2') return source ? `${source}\n${target}` : target;
  if (resultType === '1') return target;
  return JSON.stringify(data, null, 2);
}

/**
 * POST {path}/sync: upload and wait for the translation in one call (images only;
 * docs/behaviour.md "File translation").
 */
export async function translateFileSync(file: Blob, fileName: string, options: FileUploadOptions & { resultType: ResultType }): Promise<string> {
  const form = uploadForm(file, fileName, options, { resultType: options.resultType });
  const body = await send(`${fileApiPath(options.kind)}/sync`, { method: 'POST', body: form }, options, syncTimeoutMs);
  return resultText(body.data, options.resultType);
}

/** POST {path}/upload → the job's id. */
export async function uploadFile(file: Blob, fileName: string, options: FileUploadOptions): Promise<string> {
  const form = uploadForm(file, fileName, options, {});
  const body = await send(`${fileApiPath(options.kind)}/upload`, { method: 'POST', body: form }, options, requestTimeoutMs);
  const data = body.data as Record<string, unknown> | string | undefined;
  const id = typeof data === 'string' ? data : (data?.fileNo ?? data?.id ?? data?.taskId);
  if (typeof id !== 'string' && typeof id !== 'number') throw new NiutransError('http', 500, 'the upload answer carries no file id');
  return String(id);
}

function readState(value: unknown): FileStatus['state'] {
  const state = String(value ?? '').toLowerCase();
  if (['done', 'finished', 'finish', 'success', 'completed', 'complete'].includes(state)) return 'done';
  if (['failed', 'fail', 'error'].includes(state)) return 'failed';
  if (['interrupted', 'interrupt', 'cancelled', 'canceled'].includes(state)) return 'interrupted';
  return 'processing';
}

/** GET {path}/status/{id}. */
export async function fileStatus(id: string, options: FileApiOptions): Promise<FileStatus> {
  const url = `${fileApiPath(options.kind)}/status/${encodeURIComponent(id)}?${signedQuery(options)}`;
  const body = await send(url, { method: 'GET' }, options, requestTimeoutMs);
  const data = (body.data ?? {}) as Record<string, unknown>;
  const progress = Number(data.progress ?? data.percent);
  return {
    state: readState(data.status ?? data.state ?? data.transStatus),
    progress: Number.isFinite(progress) ? Math.max(0, Math.min(100, progress)) : undefined,
    message: text(data.msg) ?? text(data.message),
  };
}

export interface PollOptions {
  /** First wait; each later wait is `factor` times longer, up to `maxDelayMs`. */
  initialDelayMs?: number;
  factor?: number;
  maxDelayMs?: number;
  /** Give up after this long. */
  deadlineMs?: number;
  onStatus?: (status: FileStatus) => void;
  /** Tests take the waits without spending them. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Polls the status with exponential backoff until the job is done; throws when it failed or was interrupted. */
export async function waitForFile(id: string, options: FileApiOptions & PollOptions): Promise<FileStatus> {
  const started = Date.now();
  let interval = options.initialDelayMs ?? 1000;
  const factor = options.factor ?? 1.5;
  const maxDelay = options.maxDelayMs ?? 8000;
  const deadline = options.deadlineMs ?? 10 * 60_000;
  for (;;) {
    await (options.sleep ?? delay)(interval, options.signal);
    const status = await fileStatus(id, options);
    options.onStatus?.(status);
    if (status.state === 'done') return status;
    if (status.state === 'failed') throw new NiutransError('http', 500, status.message || 'the translation failed');
    if (status.state === 'interrupted') throw new NiutransError('interrupted', 0, 'interrupted');
    if (Date.now() - started > deadline) throw new NiutransError('timeout', 504, `not finished after ${Math.round(deadline / 60_000)} min`);
    interval = Math.min(maxDelay, interval * factor);
  }
}

/** PUT {path}/interrupt/{id}. */
export async function interruptFile(id: string, options: FileApiOptions): Promise<void> {
  await send(`${fileApiPath(options.kind)}/interrupt/${encodeURIComponent(id)}?${signedQuery(options)}`, { method: 'PUT' }, options, requestTimeoutMs);
}

/** DELETE {path}/delete/{id}. */
export async function deleteFile(id: string, options: FileApiOptions): Promise<void> {
  await send(`${fileApiPath(options.kind)}/delete/${encodeURIComponent(id)}?${signedQuery(options)}`, { method: 'DELETE' }, options, requestTimeoutMs);
}

/**
 * A download answered with JSON or an error status: the service's `{code, msg}` when it sent one
 * (docs/behaviour.md "File translation").
 */
function downloadError(answer: NiutransAnswer): NiutransError {
  const parsed = typeof answer.body === 'object' && answer.body !== null ? (answer.body as Record<string, unknown>) : {};
  const code = parsed.code ?? answer.status;
  const msg = parsed.msg ?? parsed.message ?? (answer.statusText || 'download failed');
  return new NiutransError('http', String(code), String(msg));
}

export interface DownloadedFile {
  blob: Blob;
  text: string;
  fileName: string;
}

/**
 * GET {path}/download/{id}?type=…; a JSON answer here is the service reporting an error
 * (docs/behaviour.md "File translation").
 */
export async function downloadFile(id: string, resultType: ResultType, options: FileApiOptions): Promise<DownloadedFile> {
  const type = resultType === 'raw' ? '0' : resultType;
  const url = `${fileApiPath(options.kind)}/download/${encodeURIComponent(id)}?${signedQuery(options, { type })}`;
  let response: Response;
  try {
    response = await http.request(url, { baseUrl: options.baseURL, signal: options.signal, timeoutMs: options.timeoutMs ?? requestTimeoutMs });
  } catch (error) {
    throw downloadError(niutransFailure(error));
  }
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    throw downloadError({ status: response.status, ok: true, statusText: response.statusText, body: parseBody(await response.text()) });
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob, text: await blob.text(), fileName: named ? decodeURIComponent(named) : `${id}.txt` };
}
