import { Button } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';

/** Spec §4: drag sorting of config lists is off by default and toggled by a button. */
export function DragSortToggle({ active, onToggle }: { active: boolean; onToggle: () => void }) {
  return (
    <Button
      variant={active ? 'light' : 'default'}
      size="xs"
      leftSection={<IconArrowsSort size={16} aria-hidden />}
      aria-pressed={active}
      onClick={onToggle}
    >
      drag sorting
    </Button>
  );
}
