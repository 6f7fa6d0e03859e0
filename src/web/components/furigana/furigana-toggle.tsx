import { IconLanguageHiragana } from '@tabler/icons-react';
import { furiganaModes, type FuriganaMode } from '../../../common/reading';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { useSettings, useSettingsStore } from '../../lib/settings-store';
import classes from './furigana-toggle.module.css';

/** The `furigana` toggle of the screens that show readings: applied and saved at once (CONTRACT "Furigana"). */
export function FuriganaToggle() {
  const t = useT(common);
  const mode = useSettings((settings) => settings.furigana);
  const setPreferences = useSettingsStore((state) => state.setPreferences);
  return (
    <label className={classes.field} data-mode={mode}>
      <IconLanguageHiragana size={14} stroke={1.6} aria-hidden className={classes.mark} />
      <select className={classes.select} aria-label={t('furigana.label')} title={t('furigana.label')} value={mode} onChange={(event) => setPreferences({ furigana: event.currentTarget.value as FuriganaMode })}>
        {furiganaModes.map((value) => (
          <option key={value} value={value}>
            {t(`furigana.${value}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
