import { ActionIcon, Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

interface SettingsTriggerProps extends ComponentPropsWithoutRef<'button'> {
  /** Icon only (narrow screens); the accessible name stays "settings". */
  iconOnly?: boolean;
  expanded: boolean;
}

/** The "settings" button of the chat screen, before and after its panel has loaded. */
export const SettingsTrigger = forwardRef<HTMLButtonElement, SettingsTriggerProps>(function SettingsTrigger({ iconOnly, expanded, ...rest }, ref) {
  const t = useT(catalogue);
  return iconOnly ? (
    <ActionIcon ref={ref} variant="default" size="lg" aria-label={t('header.settings')} aria-expanded={expanded} {...rest}>
      <IconSettings size={18} />
    </ActionIcon>
  ) : (
    <Button ref={ref} variant="default" leftSection={<IconSettings size={16} />} aria-expanded={expanded} {...rest}>
      {t('header.settings')}
    </Button>
  );
});
