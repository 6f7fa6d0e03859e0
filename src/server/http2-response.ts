import type { MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';

/** Headers that describe an HTTP/1 connection, which HTTP/2 forbids (RFC 9113, "Connection-Specific Header Fields"). */
const connectionHeaders = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

/**
 * Over HTTP/2 (HTTPS, see docs/environment.md "Server") an answer carrying an HTTP/1 connection
 * header, such as the `Transfer-Encoding: chunked` of an event stream, makes Node's HTTP/2 layer
 * throw instead of answering; such headers are left out there. HTTP/1.1 answers are untouched.
 */
export function http2SafeHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (incoming?.httpVersionMajor !== 2) return;
    const present = connectionHeaders.filter((name) => c.res.headers.has(name));
    if (present.length === 0) return;
    const answer = c.res;
    const headers = new Headers(answer.headers);
    for (const name of present) headers.delete(name);
    // Hono's setter copies the previous answer's headers onto the new one; cleared first, it does not.
    c.res = undefined;
    c.res = new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  };
}
