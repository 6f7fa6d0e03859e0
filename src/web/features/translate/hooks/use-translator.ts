import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { useSettings } from '../../../lib/settings-store';
import { isEnabled, useEngineFlags } from '../engine-flags';
import { buildEngines } from '../engines/build-engines';
import type { HistoryEntry } from '../history/history-db';
import { catalogue } from '../i18n';
import type { SourceLanguage, TargetLanguage } from '../languages';
import { removeNewlines, runEngines, type TranslationResult } from '../run';

/** The history's IndexedDB (dexie) loads with the first translation, not with the screen. */
const historyDb = () => import('../history/history-db');

export interface TranslatorOptions {
  initialText?: string;
  initialFrom?: SourceLanguage;
  initialTo?: TargetLanguage;
}

/** The state of one translator (the page and the modal each have their own). */
export function useTranslator({ initialText = '', initialFrom = 'auto', initialTo = 'zh' }: TranslatorOptions = {}) {
  const t = useT(catalogue);
  const settings = useSettings((value) => value);
  const engines = useMemo(() => buildEngines(settings), [settings]);
  const flags = useEngineFlags((state) => state.flags);
  const [text, setText] = useState(initialText);
  const [from, setFrom] = useState<SourceLanguage>(initialFrom);
  const [to, setTo] = useState<TargetLanguage>(initialTo);
  const [results, setResults] = useState<Record<string, TranslationResult>>({});
  const [translating, setTranslating] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const translate = useCallback(
    async (override?: { text?: string }) => {
      const source = override?.text ?? text;
      if (!removeNewlines(source)) return;
      const enabled = engines.filter((engine) => isEnabled(useEngineFlags.getState().flags, engine.name));
      if (enabled.length === 0) {
        toast(engines.length === 0 ? t('engines.noneToast') : t('engines.allOff'), 'warning');
        return;
      }
      controller.current?.abort();
      const run = new AbortController();
      controller.current = run;
      setResults({});
      setTranslating(true);
      // The run is kept as soon as its first engine finishes and updated as the others do, so a
      // reload or a slow engine never loses the answers that already arrived.
      const entry = { createdAt: Date.now(), text: removeNewlines(source), from, to };
      // Results are recorded in the order they finish: each waits on the same recorder promise.
      const history = historyDb().then(
        (db) => db.historyRecorder(entry),
        (error: unknown) => toast(t('history.notSaved', { error: error instanceof Error ? error.message : String(error) }), 'warning'),
      );
      await runEngines(enabled, {
        text: source,
        from,
        to,
        signal: run.signal,
        onUpdate: (result) => {
          setResults((current) => ({ ...current, [result.engineId]: result }));
          if (result.status !== 'running' && !run.signal.aborted) void history.then((recorder) => recorder?.record(result));
        },
      });
      if (run.signal.aborted) return;
      setTranslating(false);
    },
    [engines, from, text, to, t],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setTranslating(false);
  }, []);

  const reopen = useCallback((entry: HistoryEntry) => {
    controller.current?.abort();
    setTranslating(false);
    setText(entry.text);
    setFrom(entry.from);
    setTo(entry.to);
    setResults(Object.fromEntries(entry.results.map((result) => [result.engineId, result])));
  }, []);

  const swap = useCallback(() => {
    if (from === 'auto') {
      setFrom(to);
      setTo(to === 'zh' ? 'ja' : 'zh');
    } else {
      setFrom(to);
      setTo(from);
    }
  }, [from, to]);

  return { engines, flags, text, setText, from, setFrom, to, setTo, results, translating, translate, cancel, reopen, swap, settings };
}

export type TranslatorState = ReturnType<typeof useTranslator>;
