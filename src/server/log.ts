import type { Env } from './env';

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

/**
 * A line-per-event logger. Callers pass only non-secret fields: keys, tokens and bodies are never
 * handed to it (docs/environment.md "Server", LOG_LEVEL).
 */
export function createLogger(level: Env['LOG_LEVEL']): Logger {
  const threshold = levels[level];
  const make = (name: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (levels[name] < threshold) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: name, message, ...fields });
    (name === 'error' || name === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return { debug: make('debug'), info: make('info'), warn: make('warn'), error: make('error') };
}
