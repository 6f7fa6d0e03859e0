import { Group, Text } from '@mantine/core';
import type { DictPitch, DictPitchAccent } from '../../../../common/dictionaries';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import classes from './dictionary.module.css';
import { downstepNumber, morae, nasalised, pitchPattern } from './pitch';

/**
 * One pitch accent drawn on its reading: a line over the high morae, a drop after the mora the
 * pitch falls from, nasal morae with the semi-voiced mark, devoiced ones circled, and the downstep
 * number `[n]` as text beside it.
 */
export function PitchAccent({ reading, accent }: { reading: string; accent: DictPitchAccent }) {
  const t = useT(catalogue);
  const parts = morae(reading);
  const high = pitchPattern(accent.position, parts.length);
  const nasal = new Set(accent.nasal ?? []);
  const devoiced = new Set(accent.devoice ?? []);
  const number = downstepNumber(accent.position);
  const tags = (accent.tags ?? []).map((tag) => tag.name);
  return (
    <span className={classes.pitch} data-testid="pitch-accent">
      <span className={classes.pitchReading} lang="ja" translate="no">
        {parts.map((mora, index) => {
          const isHigh = high[index] ?? false;
          // The fall: this mora high, the next low, or the last mora high before a low particle (odaka).
          const falls = isHigh && (index + 1 < parts.length ? !high[index + 1] : typeof accent.position === 'number' && accent.position === parts.length);
          const position = index + 1;
          return (
            <span
              key={index}
              className={classes.mora}
              data-pitch={isHigh ? 'high' : 'low'}
              data-downstep={falls || undefined}
              data-nasal={nasal.has(position) || undefined}
              data-devoiced={devoiced.has(position) || undefined}
              title={nasal.has(position) ? t('pitch.nasal') : devoiced.has(position) ? t('pitch.devoiced') : undefined}
            >
              {nasal.has(position) ? nasalised(mora) : mora}
            </span>
          );
        })}
      </span>
      <span className={classes.downstep} title={t('pitch.downstepTitle', { number })}>
        [{number}]
      </span>
      {tags.length > 0 ? (
        <Text span size="xs" c="dimmed" translate="no">
          {tags.join(' ')}
        </Text>
      ) : null}
    </span>
  );
}

/** Every pitch accent the dictionaries give for this reading, each dictionary's under its title. */
export function PitchAccents({ pitches, reading }: { pitches: DictPitch[]; reading: string }) {
  const t = useT(catalogue);
  const forReading = pitches.filter((pitch) => !reading || pitch.reading === reading);
  if (forReading.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label={t('pitch.label')}>
      {forReading.map((pitch) => (
        <Group key={`${pitch.dictionary}:${pitch.reading}`} gap={6} wrap="wrap" align="center">
          <Text span size="xs" c="dimmed" translate="no">
            {pitch.title}
          </Text>
          {pitch.pitches.map((accent, index) => (
            <PitchAccent key={index} reading={pitch.reading} accent={accent} />
          ))}
        </Group>
      ))}
    </Group>
  );
}
