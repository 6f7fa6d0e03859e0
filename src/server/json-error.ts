import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The body of an error answer, given its status and message. */
export type ErrorBody = (status: number, message: string) => unknown;

export interface JsonErrorOptions {
  /** Fields beside `error`, e.g. the `code` the app recognises or the dictionary's `state`. */
  fields?: Record<string, unknown>;
  /** Another shape than `{"error"}`: a relay whose client expects its service's own errors. */
  body?: ErrorBody;
  headers?: Record<string, string>;
}

/**
 * The one way the server answers an error: JSON `{"error": "…"}` with a fitting status (CONTRACT.md),
 * never cached, and through the context so headers a route or middleware set (WWW-Authenticate,
 * CORS) stay on it.
 */
export function jsonError(c: Context, status: number, message: string, options: JsonErrorOptions = {}): Response {
  const body = options.body ? options.body(status, message) : { error: message, ...options.fields };
  // Hono's status type lists the registered codes only; the relays also answer 499 (client closed).
  return c.json(body, status as ContentfulStatusCode, { 'Cache-Control': 'no-store', ...options.headers });
}
