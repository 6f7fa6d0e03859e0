import { Alert, Code, List, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';

/** What HTTPS would add, and where the README says how (insecure-context-notice.tsx decides when). */
export function InsecureContextNoticeBody() {
  const t = useT(catalogue);
  return (
    // A standing note, not an interruption: role=note instead of Alert's default role=alert.
    <Alert role="note" variant="light" color="yellow" icon={<IconLockOpen size={18} />} title={t('system.insecure.title')}>
      <Text size="sm">{t('system.insecure.intro')}</Text>
      <List size="sm" spacing={2} mt={4} mb={6}>
        <List.Item>{t('system.insecure.paste')}</List.Item>
        <List.Item>{t('system.insecure.copy')}</List.Item>
        <List.Item>{t('system.insecure.locks')}</List.Item>
        <List.Item>{t('system.insecure.install')}</List.Item>
      </List>
      <Text size="sm">
        <RichText text={t('system.insecure.howto')} parts={{ readme: (words) => <Code>{words}</Code> }} />
      </Text>
    </Alert>
  );
}
