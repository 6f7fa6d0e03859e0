import { Badge, Group, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/i18n/format';
import { sortedCounts } from '../single/query-rules';

/**
 * Totals per media and per year; a chip narrows the search to its media or year. `label` is the
 * short word before the chips, `groupLabel` the group's accessible name ("counts by media").
 */
export function CountChips({ label, groupLabel, counts, by, onPick }: { label: string; groupLabel: string; counts: Record<string, number>; by: 'count' | 'key'; onPick?: (key: string) => void }) {
  const entries = sortedCounts(counts, by);
  if (entries.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={groupLabel}>
      <Text size="xs" c="dimmed" w={52} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {entries.map(([key, count]) => (
        <Badge
          key={key}
          variant="light"
          color="gray"
          radius="sm"
          tt="none"
          component={onPick ? 'button' : 'span'}
          onClick={onPick ? () => onPick(key) : undefined}
          style={onPick ? { cursor: 'pointer' } : undefined}
          // A media name is the library's own (a document's metadata), shown as written.
          translate="no"
        >
          {key || '—'} {formatNumber(count)}
        </Badge>
      ))}
    </Group>
  );
}
