import { HttpError, http, type HttpOptions } from '../../../lib/http/http-client';
import { niutransLanguage, type SourceLanguage, type TargetLanguage } from '../languages';

/**
 * docs/behaviour.md "Error wording": 'NiuTrans API Error (code): message'. What the service (or its
 * relay) said, or how the call failed on the way (the HttpError is the cause). The caller's abort
 * is not one: it stays the AbortError of `isAbort`.
 */
export class NiutransError extends Error {
  readonly code: string;
  readonly kind: 'service' | 'http' | 'empty' | 'network' | 'timeout' | 'interrupted';

  constructor(kind: NiutransError['kind'], code: string | number, message: string, options?: { cause?: unknown }) {
    super(kind === 'interrupted' ? message : `NiuTrans API Error (${code}): ${message}`, options);
    this.name = 'NiutransError';
    this.kind = kind;
    this.code = String(code);
  }
}

export const emptyResponseMessage = 'Empty response received';

type Envelope = Record<string, unknown>;

/** A call that got no usable answer: timeout (504) or network, in the shape of docs/behaviour.md "Error wording". */
function transportFailure(error: HttpError): NiutransError {
  if (error.kind === 'timeout') return new NiutransError('timeout', 504, error.message, { cause: error });
  return new NiutransError('network', 'network', error.cause instanceof Error ? error.cause.message : error.message, { cause: error });
}

/**
 * The answer's text and status through the shared client: an error status is not a failure yet,
 * since NiuTrans and its relay put their `{code, msg}` in the body.
 */
export async function niutransCall(url: string, options: HttpOptions): Promise<NiutransAnswer> {
  try {
    return { status: 200, ok: true, statusText: '', body: await http.text(url, options) };
  } catch (error) {
    return niutransFailure(error);
  }
}

export interface NiutransAnswer {
  status: number;
  ok: boolean;
  statusText: string;
  /** The text of an ok answer, the parsed error body of another. */
  body: unknown;
}

/** An error status's answer to read for `{code, msg}`; a transport failure as a NiutransError; an abort as is. */
export function niutransFailure(error: unknown): NiutransAnswer {
  if (!(error instanceof HttpError)) throw error;
  if (error.kind !== 'http') throw transportFailure(error);
  return { status: error.status, ok: false, statusText: error.statusText, body: error.body };
}

/**
 * Reads an answer's body (text or already parsed) as JSON; an empty one is code 500
 * (docs/behaviour.md "Error wording").
 */
export function niutransBody(answer: NiutransAnswer, errorIfNotJson: (text: string) => string): unknown {
  const body = answer.body;
  if (body === undefined) throw new NiutransError('empty', 500, emptyResponseMessage);
  if (typeof body !== 'string') return body;
  if (!body.trim()) throw new NiutransError('empty', 500, emptyResponseMessage);
  try {
    return JSON.parse(body);
  } catch {
    throw new NiutransError('http', answer.ok ? 500 : answer.status, answer.ok ? `not JSON: ${body.slice(0, 80)}` : errorIfNotJson(body));
  }
}

/**
 * The service's own `error_code` families (docs/protocols/niutrans.md), said plainly. The service's
 * `error_msg` follows in parentheses, since it is sometimes more precise than the table.
 */
export const niutransErrorMessages: Record<string, string> = {
  '10000': 'the text to translate is empty',
  '10001': 'too many requests (over the QPS limit); try again in a moment',
  '10003': 'the text is longer than the service accepts',
  '10005': 'the text is not valid UTF-8',
  '13001': 'the API key is wrong or unauthorized, or its character quota is used up',
  '13002': 'the API key is empty; set the NiuTrans API key in Settings → Translator',
  '13003': 'the content was rejected by the content filter',
  '13006': 'a parameter is not supported',
  '13007': 'this language pair is not supported',
  '13008': 'the service timed out while translating',
  '14001': 'the service failed to split the sentences',
  '14002': 'the service failed to segment the words',
  '14003': 'the service failed in post-processing',
  '14004': 'the service failed to align the translation',
  '000000': 'the request parameters are wrong',
  '000001': 'the content type is not supported',
};

export interface NiutransTextOptions {
  apikey: string;
  from: SourceLanguage;
  to: TargetLanguage;
  signal?: AbortSignal;
  /** Default 30 s (the relay itself gives up after 20 s). */
  timeoutMs?: number;
  /** Where the relay is; the page's own origin by default. */
  baseURL?: string;
}

const defaultTimeoutMs = 30_000;

async function call(path: string, srcText: string | string[], options: NiutransTextOptions): Promise<Envelope> {
  const answer = await niutransCall(path, {
    baseUrl: options.baseURL,
    json: { apikey: options.apikey, from: niutransLanguage(options.from), to: niutransLanguage(options.to), src_text: srcText },
    headers: { accept: 'application/json' },
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
  });
  const parsed = niutransBody(answer, (text) => answer.statusText || text.slice(0, 80));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new NiutransError('empty', 500, emptyResponseMessage);
  const body = parsed as Envelope;
  if (body.error_code !== undefined && body.error_code !== null && String(body.error_code) !== '') {
    const code = String(body.error_code);
    const serviceText = typeof body.error_msg === 'string' ? body.error_msg : '';
    const plain = niutransErrorMessages[code];
    const message = plain ? (serviceText ? `${plain} (${serviceText})` : plain) : serviceText || 'unknown error';
    throw new NiutransError('service', code, message);
  }
  // The relay and the file API answer `{code, msg}`; 200 means ok
  // (docs/protocols/niutrans.md "File translation (voice and images)").
  if (body.code !== undefined && Number(body.code) !== 200) {
    throw new NiutransError('http', String(body.code), typeof body.msg === 'string' && body.msg ? body.msg : answer.statusText || 'error');
  }
  if (!answer.ok) throw new NiutransError('http', answer.status, answer.statusText || 'error');
  return body;
}

/** The service appends a newline to multi-line results (wire transcript); one is dropped. */
function clean(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\n$/, '') : '';
}

/** POST /NiuTransServer/translation → `tgt_text`. */
export async function niutransTranslate(text: string, options: NiutransTextOptions): Promise<string> {
  const body = await call('/NiuTransServer/translation', text, options);
  if (typeof body.tgt_text !== 'string') throw new NiutransError('empty', 500, emptyResponseMessage);
  return clean(body.tgt_text);
}

/** POST /NiuTransServer/translationArray → `tgt_list[].tgt_text`, in the order given. */
export async function niutransTranslateArray(texts: string[], options: NiutransTextOptions): Promise<string[]> {
  const body = await call('/NiuTransServer/translationArray', texts, options);
  if (!Array.isArray(body.tgt_list)) throw new NiutransError('empty', 500, emptyResponseMessage);
  return body.tgt_list.map((item) => clean(typeof item === 'object' && item !== null ? (item as Envelope).tgt_text : undefined));
}
