import { proxyMountPath as proxyPath, proxyTargetHeader } from '../../../common/ai-providers';
import { http } from '../http/http-client';
import type { Connection } from './connection';

interface TransportOptions {
  /** Origin of the Kotonoha server; in the browser, the page's own origin. */
  appOrigin?: string;
}

let options: TransportOptions = {};
let allowedOrigins: Promise<Set<string>> | null = null;

/** Points the relay at another server (tests and tools running outside the page). */
export function configureAiTransport(next: TransportOptions): void {
  options = { ...next };
  allowedOrigins = null;
}

function appOrigin(): string {
  if (options.appOrigin) return options.appOrigin;
  if (typeof location !== 'undefined') return location.origin;
  throw new Error('no app origin: call configureAiTransport({appOrigin}) outside the browser');
}

/**
 * The origins the relay accepts (GET /api/proxy/config), fetched once per page. When the server
 * cannot say, nothing is assumed allowed and custom base URLs are called directly.
 */
export function proxyOrigins(): Promise<Set<string>> {
  allowedOrigins ??= http
    .json<{ origins?: unknown }>(new URL(`${proxyPath}/config`, appOrigin()).href)
    .then((body) => new Set(Array.isArray(body?.origins) ? body.origins.filter((o): o is string => typeof o === 'string') : []))
    .catch(() => {
      allowedOrigins = null;
      return new Set<string>();
    });
  return allowedOrigins;
}

async function goesThroughProxy(connection: Pick<Connection, 'baseURL' | 'transport'>, target: URL): Promise<boolean> {
  const transport = connection.transport ?? 'auto';
  if (transport !== 'auto') return transport === 'proxy';
  return (await proxyOrigins()).has(target.origin);
}

/** Rewrites `https://api.openai.com/v1/x?y` to `{app}/api/proxy/v1/x?y` + `x-proxy-target: https://api.openai.com`. */
function relayed(target: URL, init: RequestInit | undefined): [URL, RequestInit] {
  const url = new URL(`${proxyPath}${target.pathname}${target.search}`, appOrigin());
  const headers = new Headers(init?.headers);
  headers.set(proxyTargetHeader, target.origin);
  return [url, { ...init, headers }];
}

function requestURL(input: RequestInfo | URL): URL {
  if (input instanceof URL) return input;
  if (typeof input === 'string') return new URL(input);
  return new URL(input.url);
}

/**
 * A `fetch` for one connection: the AI SDK and the model lists call it with the provider's own
 * URLs and it decides, per request, whether the browser calls the provider or the relay does.
 */
export function transportFetch(connection: Pick<Connection, 'baseURL' | 'transport'>): typeof fetch {
  return async (input, init) => {
    const target = requestURL(input);
    if (input instanceof Request) {
      // The SDKs pass (url, init); a Request is unwrapped so its headers and body are kept.
      init = { method: input.method, headers: input.headers, body: await input.arrayBuffer(), signal: input.signal, ...init };
    }
    if (await goesThroughProxy(connection, target)) {
      const [url, relayInit] = relayed(target, init);
      return fetch(url, relayInit);
    }
    return fetch(target, init);
  };
}
