import { isAbort } from '../../lib/http/http-client';
import type { Engine } from './engines/engine';
import type { SourceLanguage, TargetLanguage } from './languages';

/** docs/behaviour.md "Translate": what a failing engine's card shows. */
export const failurePrefix = '(╥﹏╥) 翻译失败: ';

/** docs/behaviour.md "Translate" (a result), plus the run's bookkeeping. */
export interface TranslationResult {
  engineId: string;
  serviceName: string;
  link: string;
  origin: string;
  translate: string;
  model?: string;
  success: boolean;
  status: 'running' | 'done' | 'failed';
  latencyMs?: number;
}

/**
 * docs/behaviour.md "Translate": newlines are removed before translation. Between two words of a
 * spaced script a line break becomes a space so they do not run together; in Japanese or Chinese it
 * simply goes.
 */
export function removeNewlines(text: string): string {
  return text
    .replace(/[ \t]*\r?\n[\s]*/g, (match, offset: number, whole: string) => {
      const before = whole[offset - 1] ?? '';
      const after = whole[offset + match.length] ?? '';
      return /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Hangul}\d.,;:!?)]/u.test(before) && /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Hangul}\d(]/u.test(after) ? ' ' : '';
    })
    .trim();
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface RunOptions {
  text: string;
  from: SourceLanguage;
  to: TargetLanguage;
  signal: AbortSignal;
  onUpdate: (result: TranslationResult) => void;
  now?: () => number;
}

/**
 * docs/behaviour.md "Translate" (a run): every enabled engine at once; each result arrives on its
 * own (streaming engines as text comes in); a failure stays on its card. Resolves when all have
 * finished, with the final results (an aborted run resolves with what finished before the abort).
 */
export async function runEngines(engines: Engine[], options: RunOptions): Promise<TranslationResult[]> {
  const now = options.now ?? (() => performance.now());
  const text = removeNewlines(options.text);
  if (!text) return [];
  const finals: TranslationResult[] = [];
  await Promise.all(
    engines.map(async (engine) => {
      const started = now();
      const base = { engineId: engine.id, serviceName: engine.name, link: engine.link, origin: text, model: engine.model };
      let current: TranslationResult = { ...base, translate: '', success: false, status: 'running' };
      const update = (patch: Partial<TranslationResult>) => {
        current = { ...current, ...patch };
        if (!options.signal.aborted) options.onUpdate(current);
      };
      update({});
      try {
        const output = await engine.run({ text, from: options.from, to: options.to, signal: options.signal, onText: (partial) => update({ translate: partial }) });
        update({ translate: output.text, model: output.model ?? engine.model, success: true, status: 'done', latencyMs: Math.round(now() - started) });
      } catch (error) {
        if (isAbort(error) || options.signal.aborted) return;
        update({ translate: failurePrefix + errorMessage(error), success: false, status: 'failed', latencyMs: Math.round(now() - started) });
      }
      finals.push(current);
    }),
  );
  const order = new Map(engines.map((engine, index) => [engine.id, index]));
  return finals.sort((a, b) => (order.get(a.engineId) ?? 0) - (order.get(b.engineId) ?? 0));
}
