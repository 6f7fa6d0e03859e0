import '../../components/screen-styles/screen-styles';
import { Alert } from '@mantine/core';
import { loadCatalogue } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';
import { catalogue } from './i18n';

/** Said at the top of the screen while Kotonoha's server is out of reach (lib/server-reach.ts). */
export function OfflineNotice({ needsServer }: { needsServer: boolean }) {
  const t = useT(catalogue);
  return (
    <Alert color="orange" variant="light" title={t('offline.title')} mb="md">
      {needsServer ? t('offline.needsServer') : t('offline.partly')}
    </Alert>
  );
}

/** The notice once its words are here: it must not suspend on a catalogue the network cannot bring. */
export async function withItsWords() {
  await loadCatalogue(catalogue);
  return { default: OfflineNotice };
}
