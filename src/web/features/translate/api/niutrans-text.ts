import { niutransLanguage, type SourceLanguage, type TargetLanguage } from '../languages';

/** Spec §8: 'NiuTrans API Error (code): message'. */
export class NiutransError extends Error {
  readonly code: string;
  readonly kind: 'service' | 'http' | 'empty' | 'network' | 'timeout' | 'aborted';

  constructor(kind: NiutransError['kind'], code: string | number, message: string) {
    super(kind === 'aborted' ? message : `NiuTrans API Error (${code}): ${message}`);
    this.name = 'NiutransError';
    this.kind = kind;
    this.code = String(code);
  }
}

export const emptyResponseMessage = 'Empty response received';

/**
 * The service's own `error_code` families (../shared/wire/niutrans.md), said plainly. The service's
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

type Body = Record<string, unknown>;

async function call(path: string, srcText: string | string[], options: NiutransTextOptions): Promise<Body> {
  if (options.signal?.aborted) throw new NiutransError('aborted', 0, 'cancelled');
  const timeout = AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${options.baseURL ?? ''}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ apikey: options.apikey, from: niutransLanguage(options.from), to: niutransLanguage(options.to), src_text: srcText }),
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw new NiutransError('aborted', 0, 'cancelled');
    if (timeout.aborted) throw new NiutransError('timeout', 504, `no answer within ${(options.timeoutMs ?? defaultTimeoutMs) / 1000} s`);
    throw new NiutransError('network', 'network', error instanceof Error ? error.message : String(error));
  }
  if (!text.trim()) throw new NiutransError('empty', 500, emptyResponseMessage);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const status = response.ok ? 500 : response.status;
    throw new NiutransError('http', status, response.ok ? `not JSON: ${text.slice(0, 80)}` : response.statusText || text.slice(0, 80));
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new NiutransError('empty', 500, emptyResponseMessage);
  const record = body as Body;
  if (record.error_code !== undefined && record.error_code !== null && String(record.error_code) !== '') {
    const code = String(record.error_code);
    const serviceText = typeof record.error_msg === 'string' ? record.error_msg : '';
    const plain = niutransErrorMessages[code];
    const message = plain ? (serviceText ? `${plain} (${serviceText})` : plain) : serviceText || 'unknown error';
    throw new NiutransError('service', code, message);
  }
  // The relay and the file API answer `{code, msg}`; 200 means ok (spec §7).
  if (record.code !== undefined && Number(record.code) !== 200) {
    throw new NiutransError('http', String(record.code), typeof record.msg === 'string' && record.msg ? record.msg : response.statusText || 'error');
  }
  if (!response.ok) throw new NiutransError('http', response.status, response.statusText || 'error');
  return record;
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
  return body.tgt_list.map((item) => clean(typeof item === 'object' && item !== null ? (item as Body).tgt_text : undefined));
}
