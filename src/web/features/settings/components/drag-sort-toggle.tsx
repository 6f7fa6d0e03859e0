import { Button } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

/** docs/behaviour.md "Config forms": drag sorting of config lists is off by default and toggled by a button. */
export function DragSortToggle({ active, onToggle }: { active: boolean; onToggle: () => void }) {
  const t = useT(catalogue);
  return (
    <Button
      variant={active ? 'light' : 'default'}
      size="xs"
      leftSection={<IconArrowsSort size={16} aria-hidden />}
      aria-pressed={active}
      onClick={onToggle}
    >
      {t('config.dragSorting')}
    </Button>
  );
}
