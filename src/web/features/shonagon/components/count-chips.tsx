import { Badge, Group, Text } from '@mantine/core';
import { sortedCounts } from '../single/query-rules';

/** Totals per media and per year; a chip narrows the search to its media or year. */
export function CountChips({ label, counts, by, onPick }: { label: string; counts: Record<string, number>; by: 'count' | 'key'; onPick?: (key: string) => void }) {
  const entries = sortedCounts(counts, by);
  if (entries.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={`counts by ${label}`}>
      <Text size="xs" c="dimmed" w={44}>
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
        >
          {key || '—'} {count}
        </Badge>
      ))}
    </Group>
  );
}
