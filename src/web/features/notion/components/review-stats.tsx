import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { download } from '../../../lib/download';
import { formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { useSettings } from '../../../lib/settings-store';
import { catalogue } from '../i18n';
import { dueForecast, dueOrder, measuredRetention, reviewLog, reviewLogCsv } from '../model/due';
import type { NotionEntry } from '../model/entries';
import type { CachedRow, ReviewLogEntry, StoredCard } from '../model/notion-db';
import { untilLoaded } from '../../../lib/until-loaded';

const ForecastChart = lazy(() => untilLoaded(() => import('./forecast-chart')).then((m) => ({ default: m.ForecastChart })));

const percent = (value: number) => formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });

/**
 * What is due and how well it is remembered: today's count, the due forecast for 30 days, the
 * measured retention of the last 30 days beside the target, and the review log as the FSRS
 * optimiser's CSV. `version` changes with every grade or undo.
 */
export function ReviewStats({ entry, rows, cards, version }: { entry: NotionEntry; rows: CachedRow[]; cards: ReadonlyMap<string, StoredCard>; version: number }) {
  const t = useT(catalogue);
  const target = useSettings((settings) => settings.notion.retention);
  const [log, setLog] = useState<ReviewLogEntry[]>([]);
  useEffect(() => {
    let live = true;
    void reviewLog(entry.id).then((entries) => live && setLog(entries));
    return () => {
      live = false;
    };
  }, [entry.id, version]);
  const counts = useMemo(() => dueForecast(rows, entry, cards), [rows, entry, cards]);
  const today = useMemo(() => dueOrder(rows, entry, cards).length, [rows, entry, cards]);
  const retention = measuredRetention(log);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('stats.label')}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {t('stats.today', { count: today })}
          </Text>
          <Text size="sm">
            {retention.total
              ? t('stats.retention', { measured: percent(retention.passed / retention.total), count: retention.total, target: percent(target) })
              : t('stats.retentionNone', { target: percent(target) })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('stats.forecast')}
        </Text>
        <Suspense fallback={<div style={{ minHeight: 160 }} />}>
          <ForecastChart counts={counts} title={t('stats.forecastChart', { total: counts.reduce((sum, count) => sum + count, 0) })} seriesLabel={t('stats.dueSeries')} />
        </Suspense>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={log.length === 0}
            onClick={() => download(`kotonoha-revlog-${new Date().toISOString().slice(0, 10)}.csv`, reviewLogCsv(log), 'text/csv')}
          >
            {t('stats.export')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
