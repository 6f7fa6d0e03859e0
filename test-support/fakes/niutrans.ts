import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { FakeHandler, RecordedRequest } from '../fake-server';

/**
 * A local NiuTrans. Text translation speaks docs/protocols/niutrans.md byte for byte: success
 * `{"tgt_text","from","to"}`, errors as HTTP 200 with `error_code`/`error_msg` and the request
 * parameters echoed back. The array variant and the file-translation API are not documented in the
 * transcripts (unconfirmed); this fake answers them in the `{code, msg, data}` envelope that
 * docs/protocols/niutrans.md "File translation (voice and images)" names (code 200 means ok, and msg).
 *
 * Behaviour is steered through the returned `state`, which a test mutates between requests.
 */

/** The error table of the transcript (official list as cited by ≥6 clients). */
export const niutransErrorTexts: Record<string, string> = {
  '10000': '输入为空',
  '10001': '请求频繁，超出QPS限制',
  '10003': '请求字符串长度超过限制',
  '10005': '源语编码有问题，非UTF-8',
  '13001': 'apikey error OR apikey unauthorized OR service package running out',
  '13002': 'apikey is empty',
  '13003': '内容过滤异常',
  '13007': '语言不支持',
  '13008': '请求处理超时',
  '14001': '分句异常',
  '14002': '分词异常',
  '14003': '后处理异常',
  '14004': '对齐失败，不能够返回正确的对应关系',
  '000000': '请求参数有误，请检查参数',
  '000001': 'Content-Type不支持【multipart/form-data】',
};

export type TextReply =
  | { kind: 'translate' }
  | { kind: 'error'; code: string; message?: string }
  | { kind: 'empty' }
  | { kind: 'http'; status: number; body: string; contentType?: string };

export interface FakeFileJob {
  fileNo: string;
  kind: 'voice' | 'image';
  fileName: string;
  size: number;
  from: string;
  to: string;
  polls: number;
  status: 'processing' | 'done' | 'interrupted';
}

export interface NiutransFakeState {
  /** The key the fake accepts; any other gives error 13001, an empty one 13002. */
  apikey: string;
  /** File API credentials: appId → the api key it signs with. */
  apps: Record<string, string>;
  /** Delay before any answer, to test timeouts. */
  delayMs: number;
  /** When set, every answer waits for it too: a test holds the service and releases it when it has seen what it wanted. */
  hold?: Promise<void>;
  /** The next text replies, consumed one per request; when empty, `defaultReply`. */
  queue: TextReply[];
  defaultReply: TextReply;
  /** How a text is translated: deterministic, so tests can assert it. */
  translate: (text: string, from: string, to: string) => string;
  /** Status polls before a job is done. */
  pollsUntilDone: number;
  jobs: Map<string, FakeFileJob>;
}

export function createNiutransFake(overrides: Partial<NiutransFakeState> = {}) {
  const state: NiutransFakeState = {
    apikey: 'niu-key',
    apps: { 'voice-app': 'niu-key', 'pic-app': 'niu-key' },
    delayMs: 0,
    queue: [],
    defaultReply: { kind: 'translate' },
    translate: (text, from, to) => `[${from}→${to}] ${text}`,
    pollsUntilDone: 2,
    jobs: new Map(),
    ...overrides,
  };
  let nextJob = 1;

  const handler: FakeHandler = async (request, response) => {
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    await state.hold;
    const url = new URL(request.url, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/NiuTransServer/translation') return text(request, response, false);
    if (request.method === 'POST' && url.pathname === '/NiuTransServer/translationArray') return text(request, response, true);
    const file = /^\/v2\/(voice\/translate\/short-voice|image\/translate)\/(sync|upload|status|interrupt|delete|download)(?:\/([^/]+))?$/.exec(url.pathname);
    if (file) return fileApi(request, response, url, file[1].startsWith('voice') ? 'voice' : 'image', file[2], file[3]);
    json(response, 404, { code: 404, msg: `no route ${request.method} ${url.pathname}` });
  };

  function text(request: RecordedRequest, response: http.ServerResponse, array: boolean) {
    const params = readParams(request);
    const reply = state.queue.shift() ?? state.defaultReply;
    const echo = { from: params.from, to: params.to, src_text: params.src_text, apikey: params.apikey };
    if (reply.kind === 'empty') {
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': '0' });
      response.end();
      return;
    }
    if (reply.kind === 'http') {
      response.writeHead(reply.status, { 'content-type': reply.contentType ?? 'text/html' });
      response.end(reply.body);
      return;
    }
    if (reply.kind === 'error') return json(response, 200, { ...echo, error_code: reply.code, error_msg: reply.message ?? niutransErrorTexts[reply.code] ?? 'error' });
    if (!params.apikey) return json(response, 200, { ...echo, error_code: '13002', error_msg: niutransErrorTexts['13002'] });
    if (params.apikey !== state.apikey) return json(response, 200, { ...echo, error_code: '13001', error_msg: niutransErrorTexts['13001'] });
    const from = String(params.from ?? '');
    const to = String(params.to ?? '');
    if (array) {
      const list = Array.isArray(params.src_text) ? params.src_text.map(String) : [String(params.src_text ?? '')];
      return json(response, 200, { from, to, tgt_list: list.map((item) => ({ tgt_text: state.translate(item, from, to) })) });
    }
    const source = String(params.src_text ?? '');
    if (!source) return json(response, 200, { ...echo, error_code: '10000', error_msg: niutransErrorTexts['10000'] });
    // Key order as in the transcript: tgt_text, from, to.
    return json(response, 200, { tgt_text: state.translate(source, from, to), from, to });
  }

  function fileApi(request: RecordedRequest, response: http.ServerResponse, url: URL, kind: 'voice' | 'image', action: string, id?: string) {
    const isUpload = action === 'sync' || action === 'upload';
    const expected = isUpload ? 'POST' : action === 'interrupt' ? 'PUT' : action === 'delete' ? 'DELETE' : 'GET';
    if (request.method !== expected) return json(response, 405, { code: 405, msg: 'method not allowed' });
    const fields: Record<string, string> = {};
    let upload: { name: string; data: Buffer } | undefined;
    if (isUpload) {
      const parts = parseMultipart(request);
      for (const part of parts) {
        if (part.fileName !== undefined) upload = { name: part.fileName, data: part.data };
        else fields[part.name] = part.data.toString('utf8');
      }
    } else {
      for (const [key, value] of url.searchParams) fields[key] = value;
    }
    const apiKey = state.apps[fields.appId ?? ''];
    if (!apiKey) return json(response, 200, { code: 401, msg: 'appId不存在' });
    if (fields.authStr !== referenceSign(fields, apiKey)) return json(response, 200, { code: 402, msg: '签名验证失败' });
    if (isUpload) {
      if (!upload) return json(response, 200, { code: 400, msg: '文件不能为空' });
      const job: FakeFileJob = {
        fileNo: `job-${nextJob++}`,
        kind,
        fileName: upload.name,
        size: upload.data.length,
        from: fields.from,
        to: fields.to,
        polls: 0,
        status: action === 'sync' ? 'done' : 'processing',
      };
      state.jobs.set(job.fileNo, job);
      if (action === 'sync') {
        return json(response, 200, { code: 200, msg: 'success', data: { fileNo: job.fileNo, ...resultTexts(job) } });
      }
      return json(response, 200, { code: 200, msg: 'success', data: { fileNo: job.fileNo } });
    }
    const job = id ? state.jobs.get(id) : undefined;
    if (!job) return json(response, 200, { code: 404, msg: '文件不存在' });
    if (action === 'status') {
      if (job.status === 'processing' && ++job.polls >= state.pollsUntilDone) job.status = 'done';
      const progress = job.status === 'done' ? 100 : Math.round((job.polls / state.pollsUntilDone) * 100);
      return json(response, 200, { code: 200, msg: 'success', data: { fileNo: job.fileNo, status: job.status, progress } });
    }
    if (action === 'interrupt') {
      job.status = 'interrupted';
      return json(response, 200, { code: 200, msg: 'success' });
    }
    if (action === 'delete') {
      state.jobs.delete(job.fileNo);
      return json(response, 200, { code: 200, msg: 'success' });
    }
    if (job.status !== 'done') return json(response, 200, { code: 409, msg: '翻译未完成' });
    const { srcText, tgtText } = resultTexts(job);
    const type = fields.type;
    const body = type === '1' ? tgtText : type === '2' ? `${srcText}\n${tgtText}` : JSON.stringify({ srcText, tgtText }, null, 2);
    response.writeHead(200, {
      'content-type': type === '1' || type === '2' ? 'text/plain;charset=UTF-8' : 'application/octet-stream',
      'content-disposition': `attachment; filename="${job.fileNo}.txt"`,
    });
    response.end(body);
  }

  function resultTexts(job: FakeFileJob) {
    const srcText = `${job.kind} ${job.fileName} (${job.size} bytes)`;
    return { srcText, tgtText: state.translate(srcText, job.from, job.to) };
  }

  return { handler, state };
}

/**
 * The signature, written independently of the app's implementation: MD5 (hex) of
 * `key=value` pairs sorted by key and joined with `&`, the api key included as `apikey`;
 * `authStr` and the file itself are not signed.
 */
export function referenceSign(fields: Record<string, string>, apiKey: string): string {
  const entries = Object.entries({ ...fields, apikey: apiKey }).filter(([key]) => key !== 'authStr' && key !== 'file');
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('md5').update(entries.map(([key, value]) => `${key}=${value}`).join('&'), 'utf8').digest('hex');
}

function readParams(request: RecordedRequest): Record<string, unknown> {
  const type = String(request.headers['content-type'] ?? '');
  const body = request.body.toString('utf8');
  if (type.includes('application/json')) {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function json(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  response.end(JSON.stringify(body));
}

interface Part {
  name: string;
  fileName?: string;
  data: Buffer;
}

function parseMultipart(request: RecordedRequest): Part[] {
  const type = String(request.headers['content-type'] ?? '');
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let start = request.body.indexOf(delimiter);
  while (start !== -1) {
    const next = request.body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const chunk = request.body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const head = chunk.subarray(0, headerEnd).toString('utf8');
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const fileName = /filename="([^"]*)"/.exec(head)?.[1];
      parts.push({ name, fileName, data: Buffer.from(chunk.subarray(headerEnd + 4)) });
    }
    start = next;
  }
  return parts;
}
