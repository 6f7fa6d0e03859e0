import type { ProviderName } from '../../../common/ai-providers';
import type { Settings } from '../../../common/settings';
import { getSettings } from '../settings-store';
import { connectionFor, type Connection } from './connection';
import { HttpError, http } from '../http/http-client';
import { libText } from '../messages';
import { AiError, aiErrorOf } from './errors';
import { getProvider, siliconflowPreconfiguredModels } from './registry';
import { transportFetch } from './transport';

export interface ModelListItem {
  id: string;
  name: string;
}

export interface ModelListOptions {
  signal?: AbortSignal;
  settings?: Settings;
  /** Default 30 s. */
  timeoutMs?: number;
}

const defaultTimeoutMs = 30_000;

function byKey<T>(key: (item: T) => string) {
  return (a: T, b: T) => {
    const left = key(a);
    const right = key(b);
    return left < right ? -1 : left > right ? 1 : 0;
  };
}

function idsAsItems(ids: readonly string[]): ModelListItem[] {
  return ids.map((id) => ({ id, name: id }));
}

/** `custom_models`: comma-, semicolon- or newline-separated ids. */
export function parseCustomModels(value: string): string[] {
  return [...new Set(value.split(/[,;\n]/).map((part) => part.trim()).filter(Boolean))];
}

async function getJson(connection: Connection, path: string, options: ModelListOptions): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (connection.family === 'gemini') headers['x-goog-api-key'] = connection.apiKey;
  else if (connection.family === 'anthropic') {
    headers['x-api-key'] = connection.apiKey;
    headers['anthropic-version'] = '2023-06-01';
  } else if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;
  try {
    const body = await http.json(`${connection.baseURL}${path}`, {
      headers,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
      fetch: transportFetch(connection),
    });
    if (typeof body !== 'object' || body === null) throw new AiError('bad-response', libText('ai.modelListNotJson'), { body });
    return body;
  } catch (error) {
    throw error instanceof HttpError ? aiErrorOf(error, libText('ai.modelListLate')) : error;
  }
}

function listOf(body: unknown, field: 'data' | 'models'): Array<Record<string, unknown>> {
  const list = (body as Record<string, unknown>)[field];
  if (!Array.isArray(list)) throw new AiError('bad-response', libText('ai.modelListNoArray', { field }), { body });
  return list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

async function openaiList(connection: Connection, options: ModelListOptions, query = ''): Promise<ModelListItem[]> {
  const body = await getJson(connection, `/models${query}`, options);
  return listOf(body, 'data')
    .map((item) => text(item.id))
    .filter(Boolean)
    .map((id) => ({ id, name: id }));
}

async function geminiList(connection: Connection, options: ModelListOptions): Promise<ModelListItem[]> {
  const items: ModelListItem[] = [];
  let pageToken = '';
  // Pages are followed so that no gemini model is lost; a page token never repeats in practice, the cap is a guard.
  for (let page = 0; page < 10; page += 1) {
    const query = `?pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
    const body = await getJson(connection, `/models${query}`, options);
    for (const model of listOf(body, 'models')) {
      const name = text(model.name);
      if (!name.includes('gemini')) continue;
      const id = name.replace(/^models\//, '');
      items.push({ id, name: id });
    }
    pageToken = text((body as Record<string, unknown>).nextPageToken);
    if (!pageToken) break;
  }
  return items;
}

async function routerFreeList(connection: Connection, options: ModelListOptions): Promise<ModelListItem[]> {
  const body = await getJson(connection, '/models', options);
  return listOf(body, 'data')
    .map((item) => ({ id: text(item.id), name: text(item.name) || text(item.id) }))
    .filter((item) => item.id && item.name.toLowerCase().includes('free'))
    .sort(byKey((item) => item.name));
}

async function siliconflowList(connection: Connection, options: ModelListOptions): Promise<ModelListItem[]> {
  const preconfigured = new Set<string>(siliconflowPreconfiguredModels);
  const items = await openaiList(connection, options, '?type=text&sub_type=chat');
  return items.sort((a, b) => {
    const rank = Number(!preconfigured.has(a.id)) - Number(!preconfigured.has(b.id));
    return rank || byKey<ModelListItem>((item) => item.id)(a, b);
  });
}

/**
 * The models a provider offers, by the rules of docs/behaviour.md "AI calls": a request for Gemini,
 * OpenAI, OpenRouter, SiliconFlow and custom servers; the fixed lists of Anthropic, DeepSeek,
 * ChatGLM and Doubao. Throws AiError ('missing-key' for a request without a key, else the failure).
 */
export async function fetchModelList(provider: ProviderName, options: ModelListOptions = {}): Promise<ModelListItem[]> {
  const info = getProvider(provider);
  const settings = options.settings ?? getSettings();
  if (info.modelListRule === 'fixed') return idsAsItems(info.fixedModels ?? []);
  if (provider === 'custom') {
    const configured = parseCustomModels(settings.aichat.custom_models);
    if (configured.length) return idsAsItems(configured);
  }
  // OpenRouter's model list is public: it shows without a key (sending still needs one).
  const connection = connectionFor(provider, settings, { keyOptional: info.modelListRule === 'router-free' });
  switch (info.modelListRule) {
    case 'gemini-list':
      return geminiList(connection, options);
    case 'router-free':
      return routerFreeList(connection, options);
    case 'siliconflow-list':
      return siliconflowList(connection, options);
    case 'openai-list':
      return (await openaiList(connection, options)).sort(byKey((item) => item.id));
  }
}
