import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import * as z from 'zod/mini';
import { coded, type Coded } from '../common/server-errors';
import { jsonError } from './json-error';

// The wire schemas are zod/mini, which has no messages of its own; a refused input is explained in English.
z.config(z.locales.en());

/** How a route refuses an input: its status (400 unless said), English message and code. */
export type Refusal = { status?: number; message: string } & Coded;

/** The failing field (`body` for the whole input) and zod's words for what is wrong with it. */
export interface Failure {
  field: string;
  issue: z.core.$ZodIssue;
  /** Every issue, the first being `issue`. */
  issues: readonly z.core.$ZodIssue[];
  /** The input as it came (the query's parameters, the parsed body). */
  input: Record<string, unknown>;
}

export interface InputOptions {
  /** The refusal for a failure; unset, or answering undefined, is `invalid-input` naming the field. */
  refuse?: (failure: Failure) => Refusal | undefined;
  /** `json` only: the refusal for a body that is not JSON (default `body-not-json`). */
  notJson?: Refusal;
}

export function describeIssues(issues: readonly z.core.$ZodIssue[], whole = 'body'): string {
  return issues.map((issue) => `${issue.path.join('.') || whole}: ${issue.message}`).join('; ');
}

function refusalOf(issues: readonly z.core.$ZodIssue[], input: Record<string, unknown>, options: InputOptions): Refusal {
  const issue = issues[0];
  const field = issue.path.map(String).join('.') || 'body';
  return options.refuse?.({ field, issue, issues, input }) ?? { message: `Bad ${field}: ${issue.message}`, ...coded('invalid-input', { field, issue: issue.message }) };
}

/**
 * An input that is not an HTTP request (a WebSocket message) checked the same way: its data, or
 * the refusal a route would answer.
 */
export function checkInput<S extends z.ZodMiniType>(schema: S, input: unknown, options: InputOptions = {}): { data: z.output<S> } | { refusal: Refusal } {
  const parsed = schema.safeParse(input);
  return parsed.success ? { data: parsed.data as z.output<S> } : { refusal: refusalOf(parsed.error.issues, (input ?? {}) as Record<string, unknown>, options) };
}

/** The JSON error a refusal answers (docs/errors.md). */
export function refuse(c: Context, refusal: Refusal): Response {
  const { status = 400, message, ...code } = refusal;
  return jsonError(c, status, message, code as Coded);
}

/**
 * A route's input through Hono's validator and a shared schema from `src/common/` (read it with
 * `c.req.valid(target)`): a failure is a coded JSON error (docs/errors.md), 400 with the failing
 * field unless the route words it otherwise. A `json` body is read whatever its content type (API
 * users send `curl -d`), and a body that is not JSON is refused the same way.
 */
export function validInput<S extends z.ZodMiniType, Target extends 'query' | 'param' | 'json'>(target: Target, schema: S, options: InputOptions = {}) {
  const checked = validator(target, async (value, c) => {
    let input = value as unknown;
    if (target === 'json' && !/^application\/([\w.-]+\+)?json$/i.test((c.req.header('content-type') ?? '').split(';')[0].trim())) {
      try {
        input = await c.req.json();
      } catch {
        return refuse(c, options.notJson ?? { message: 'The body is not valid JSON.', ...coded('body-not-json') });
      }
    }
    const checked = checkInput(schema, input, options);
    return 'refusal' in checked ? refuse(c, checked.refusal) : checked.data;
  });
  if (target !== 'json') return checked;
  // Hono refuses malformed JSON with a plain-text 400 of its own before the schema sees it.
  const middleware: MiddlewareHandler = async (c, next) => {
    let reachedRoute = false;
    try {
      return (await checked(c, async () => {
        reachedRoute = true;
        await next();
      })) as Response | void;
    } catch (error) {
      if (reachedRoute || !(error instanceof HTTPException) || error.status !== 400) throw error;
      return refuse(c, options.notJson ?? { message: 'The body is not valid JSON.', ...coded('body-not-json') });
    }
  };
  return middleware as typeof checked;
}
