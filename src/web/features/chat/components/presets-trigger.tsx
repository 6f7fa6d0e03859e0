import { ActionIcon, Button } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

/** The "presets" button, before and after its menu has loaded. */
export const PresetsTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & { narrow?: boolean }>(function PresetsTrigger(
  { narrow, ...rest },
  ref,
) {
  const t = useT(catalogue);
  return narrow ? (
    <ActionIcon ref={ref} variant="light" size="lg" aria-label={t('presets.button')} className="chat-prompt-presets" {...rest}>
      <IconTemplate size={16} />
    </ActionIcon>
  ) : (
    <Button ref={ref} variant="light" size="xs" leftSection={<IconTemplate size={14} />} className="chat-prompt-presets" {...rest}>
      {t('presets.button')}
    </Button>
  );
});
