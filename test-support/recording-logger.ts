import type { Logger } from '../src/server/log';

/** A server logger that keeps every line, so tests can assert what was (and was not) logged. */
export function recordingLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const record = (message: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ m: message, ...fields }));
  return { log: { debug: record, info: record, warn: record, error: record }, lines };
}
