import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Coded } from '../common/server-errors';

/** The body of an error answer, given its status and message. */
export type ErrorBody = (status: number, message: string) => unknown;

/** An error of ours: its code and parameters (docs/errors.md), and fields beside them such as the dictionary's `state`. */
export type CodedErrorOptions = Coded & { fields?: Record<string, unknown>; headers?: Record<string, string> };
/** A relay whose client expects its service's own error shape instead of `{"error","code"}`. */
export interface ShapedErrorOptions {
  body: ErrorBody;
  headers?: Record<string, string>;
}

/**
 * The one way the server answers an error: JSON `{"error": "…", "code": "…", "params": {…}}`
 * (docs/errors.md) with a fitting status, never cached, and through the context so headers a route
 * or middleware set (WWW-Authenticate, CORS) stay on it. `error` is English, for API users; the
 * app words `code` and `params` in the learner's language.
 */
export function jsonError(c: Context, status: number, message: string, options: CodedErrorOptions | ShapedErrorOptions): Response {
  const body =
    'body' in options
      ? options.body(status, message)
      : { error: message, code: options.code, ...(options.params && Object.keys(options.params).length ? { params: options.params } : {}), ...options.fields };
  // Hono's status type lists the registered codes only; the relays also answer 499 (client closed).
  return c.json(body, status as ContentfulStatusCode, { 'Cache-Control': 'no-store', ...options.headers });
}
