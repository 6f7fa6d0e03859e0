import { Badge, Group } from '@mantine/core';
import type { DictFrequency } from '../../../../common/dictionaries';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

/** "JPDB: 1234": what each frequency dictionary says, as it wants it shown; one for another reading is left out. */
export function FrequencyBadges({ frequencies, reading }: { frequencies: DictFrequency[]; reading?: string }) {
  const t = useT(catalogue);
  const shown = frequencies.filter((frequency) => !frequency.reading || !reading || frequency.reading === reading);
  if (shown.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" role="group" aria-label={t('frequency.label')}>
      {shown.map((frequency, index) => (
        <Badge
          key={`${frequency.dictionary}:${index}`}
          variant="light"
          color="grape"
          size="sm"
          tt="none"
          translate="no"
          title={t(frequency.mode === 'occurrence-based' ? 'frequency.occurrences' : 'frequency.rank')}
        >
          {`${frequency.title}: ${frequency.displayValue ?? frequency.value}`}
        </Badge>
      ))}
    </Group>
  );
}
