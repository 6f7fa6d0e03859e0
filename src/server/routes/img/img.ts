import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { Logger } from '../../log';
import { checkedAddress, isPublicAddress, resolveWithDns, UnsafeTargetError, type Resolve } from './safe-address';
import { jsonError } from '../../json-error';
import { coded, type Coded } from '../../../common/server-errors';

export const imageRelayLimits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 } as const;

export interface ImageRelayOptions {
  log: Logger;
  resolve?: Resolve;
  /** Which resolved addresses may be contacted; public unicast only, except in tests of the happy path. */
  isAllowedAddress?: (address: string) => boolean;
}

class RelayError extends Error {
  constructor(
    readonly status: 400 | 403 | 413 | 415 | 502 | 504,
    message: string,
    readonly coded: Coded = { code: 'bad-target', params: { reason: message } },
  ) {
    super(message);
  }
}

function parseTarget(raw: string | undefined): URL {
  if (!raw) throw new RelayError(400, 'url is missing');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RelayError(400, 'url is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RelayError(400, 'only http and https images are relayed');
  if (url.username || url.password) throw new RelayError(400, 'urls with credentials are not relayed');
  return url;
}

/** One GET to exactly `address` (no lookup of ours or the library's), answered with the response head. */
function requestAt(url: URL, address: string, family: 4 | 6, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8', 'user-agent': 'Kotonoha image relay' },
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
          else callback(null, address, family);
        },
        servername: url.hostname.replace(/^\[|\]$/g, ''),
        signal,
        agent: false,
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * `GET /api/img?url=` (docs/api.md "Image relay"): relays a remote thumbnail for proxyAllImgs
 * without becoming a way into the learner's network — see safe-address.ts for what is refused,
 * checked again at every redirect, and the connection is made to the address that was checked.
 */
export function imageRoutes({ log, resolve = resolveWithDns, isAllowedAddress = isPublicAddress }: ImageRelayOptions) {
  const app = new Hono();
  app.get('/', async (c) => {
    const timeout = AbortSignal.timeout(imageRelayLimits.timeoutMs);
    const signal = AbortSignal.any([timeout, c.req.raw.signal]);
    try {
      let url = parseTarget(c.req.query('url'));
      for (let hop = 0; ; hop++) {
        const { address, family } = await checkedAddress(url.hostname, resolve, isAllowedAddress);
        const response = await requestAt(url, address, family, signal);
        const status = response.statusCode ?? 502;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (hop >= imageRelayLimits.maxRedirects) throw new RelayError(502, 'too many redirects', coded('upstream-redirect', { upstream: 'the image host', status }));
          url = parseTarget(new URL(response.headers.location, url).href);
          continue;
        }
        if (status !== 200) {
          response.resume();
          throw new RelayError(502, `the image host answered HTTP ${status}`, coded('upstream-bad-answer', { upstream: 'the image host', status }));
        }
        const type = String(response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        if (!type.startsWith('image/')) {
          response.resume();
          throw new RelayError(415, `not an image (${type || 'no content type'})`, coded('not-an-image'));
        }
        if (type === 'image/svg+xml') {
          // SVG is a document that can carry script; thumbnails are raster images.
          response.resume();
          throw new RelayError(415, 'SVG images are not relayed', coded('not-an-image'));
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > imageRelayLimits.maxBytes) {
          response.destroy();
          throw new RelayError(413, 'the image is larger than 10 MB', coded('image-too-large'));
        }
        let size = 0;
        const capped = Readable.toWeb(response) as ReadableStream<Uint8Array>;
        const body = capped.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              size += chunk.byteLength;
              if (size > imageRelayLimits.maxBytes) controller.error(new Error('image over the size limit'));
              else controller.enqueue(chunk);
            },
          }),
        );
        log.info('image relay', { host: url.host, status: 200 });
        return new Response(body, {
          headers: {
            'content-type': type,
            ...(Number.isFinite(declared) ? { 'content-length': String(declared) } : {}),
            'cache-control': 'public, max-age=86400',
            'x-content-type-options': 'nosniff',
            'content-security-policy': "default-src 'none'",
          },
        });
      }
    } catch (error) {
      if (error instanceof RelayError) return jsonError(c, error.status, error.message, error.coded);
      if (error instanceof UnsafeTargetError) {
        log.warn('image relay refused', { reason: 'non-public address' });
        return jsonError(c, 403, error.message, coded('unsafe-target'));
      }
      if (timeout.aborted) return jsonError(c, 504, 'the image host did not answer in time', coded('upstream-timeout', { upstream: 'the image host', seconds: imageRelayLimits.timeoutMs / 1000 }));
      return jsonError(c, 502, 'the image host is unreachable', coded('upstream-unreachable', { upstream: 'the image host' }));
    }
  });
  return app;
}
