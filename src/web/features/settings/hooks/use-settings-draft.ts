import { useCallback, useMemo, useState } from 'react';
import type { Settings } from '../../../../common/settings';
import { useSettingsStore } from '../../../lib/settings-store';

type ObjectSection = { [K in keyof Settings]: Settings[K] extends Record<string, unknown> ? K : never }[keyof Settings];

export interface SettingsDraft {
  draft: Settings;
  saved: Settings;
  /** The draft differs from what is stored. */
  dirty: boolean;
  /** Replaces some fields of one section of the draft; a function patch reads the current section. */
  update: <K extends ObjectSection>(section: K, patch: Partial<Settings[K]> | ((current: Settings[K]) => Partial<Settings[K]>)) => void;
  set: <K extends keyof Settings>(section: K, value: Settings[K]) => void;
  replace: (next: Settings) => void;
  /** Persists the draft (docs/behaviour.md "Settings screen": settings are persisted only on Save). */
  save: (next?: Settings) => void;
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The draft with every section that has no edits of its own taken from `saved`. */
function followStored(edited: Settings, base: Settings, saved: Settings): Settings {
  if (sameJson(edited, base)) return saved;
  const next: Record<string, unknown> = { ...edited };
  for (const section of Object.keys(saved) as (keyof Settings)[]) {
    if (sameJson(edited[section], base[section])) next[section] = saved[section];
  }
  return next as unknown as Settings;
}

/** The settings screen edits a copy of the stored settings; only `save` writes them. */
export function useSettingsDraft(): SettingsDraft {
  const saved = useSettingsStore((state) => state.settings);
  const [edited, setDraft] = useState<Settings>(saved);
  const [base, setBase] = useState<Settings>(saved);

  // Stored settings changed underneath us (another tab saved, a reset, sync brought a section from
  // another device): each section follows them unless the person has edits in progress in it,
  // which would otherwise be lost silently.
  if (base !== saved) {
    setBase(saved);
    setDraft(followStored(edited, base, saved));
  }

  // Language, theme and furigana are not part of the draft: they apply and are saved the moment they
  // change (PreferenceControls, the furigana toggles), so the draft always shows the current ones and
  // a switch never makes it dirty.
  const { language, theme, furigana } = saved;
  const draft = useMemo(
    () => (edited.language === language && edited.theme === theme && edited.furigana === furigana ? edited : { ...edited, language, theme, furigana }),
    [edited, language, theme, furigana],
  );
  const dirty = useMemo(() => !sameJson(draft, saved), [draft, saved]);

  const update = useCallback(
    <K extends ObjectSection>(section: K, patch: Partial<Settings[K]> | ((current: Settings[K]) => Partial<Settings[K]>)) => {
      setDraft((current) => {
        const fields = typeof patch === 'function' ? patch(current[section]) : patch;
        return { ...current, [section]: { ...current[section], ...fields } };
      });
    },
    [],
  );
  const set = useCallback(<K extends keyof Settings>(section: K, value: Settings[K]) => {
    setDraft((current) => ({ ...current, [section]: value }));
  }, []);
  const replace = useCallback((next: Settings) => setDraft(next), []);
  const save = useCallback(
    (next?: Settings) => {
      const value = next ?? draft;
      useSettingsStore.getState().save(value);
      setDraft(value);
    },
    [draft],
  );

  return { draft, saved, dirty, update, set, replace, save };
}
