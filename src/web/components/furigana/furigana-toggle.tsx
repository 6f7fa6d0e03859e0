import { ActionIcon } from '@mantine/core';
import { IconLanguageHiragana } from '@tabler/icons-react';
import { furiganaModes, type FuriganaMode } from '../../../common/reading';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { useSettings, useSettingsStore } from '../../lib/settings-store';
import preferenceClasses from '../preference-controls/preference-controls.module.css';
import classes from './furigana-toggle.module.css';

/**
 * The `furigana` toggle of the screens that show readings: applied and saved at once
 * (docs/on-screen-names.md "Anki and furigana controls"). `md` matches the height of Mantine's
 * default buttons beside it; `compact` (a crowded phone header) is an icon button that steps
 * through the modes, as the collapsed sidebar's language and theme buttons do.
 */
export function FuriganaToggle({ size = 'sm', compact = false }: { size?: 'sm' | 'md'; compact?: boolean }) {
  const t = useT(common);
  const mode = useSettings((settings) => settings.furigana);
  const setPreferences = useSettingsStore((state) => state.setPreferences);
  if (compact) {
    const label = t(`furigana.${mode}`);
    return (
      <ActionIcon
        variant={mode === 'off' ? 'default' : 'light'}
        size={size === 'md' ? 'lg' : 'md'}
        aria-label={t('furigana.label')}
        aria-description={label}
        title={label}
        onClick={() => setPreferences({ furigana: furiganaModes[(furiganaModes.indexOf(mode) + 1) % furiganaModes.length] })}
      >
        <IconLanguageHiragana size={18} stroke={1.6} />
      </ActionIcon>
    );
  }
  return (
    <label className={classes.field} data-mode={mode} data-size={size}>
      <IconLanguageHiragana size={14} stroke={1.6} aria-hidden className={`${preferenceClasses.icon} ${classes.mark}`} />
      <select className={`${preferenceClasses.select} ${classes.select}`} aria-label={t('furigana.label')} title={t('furigana.label')} value={mode} onChange={(event) => setPreferences({ furigana: event.currentTarget.value as FuriganaMode })}>
        {furiganaModes.map((value) => (
          <option key={value} value={value}>
            {t(`furigana.${value}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
