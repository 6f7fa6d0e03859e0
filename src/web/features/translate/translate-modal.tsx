import { loadCatalogue, translate } from '../../lib/i18n/i18n';
import { useT } from '../../lib/i18n/use-t';
import { openModal } from '../../lib/modal-store';
import { Translator } from './components/translator';
import { catalogue } from './i18n';

/** The translator in a modal (docs/behaviour.md "Selection menu": its "translate"), translating `text` at once. */
export function TranslateModalContent({ text }: { text: string }) {
  return <Translator initialText={text} autoRun compact />;
}

function TranslateModalTitle() {
  const t = useT(catalogue);
  return <>{t('modal.title')}</>;
}

/** Opens once the translator's words have arrived (from any screen), so nothing shows a key. */
export function openTranslateModal(text: string): void {
  void loadCatalogue(catalogue).then(() =>
    openModal({
      title: <TranslateModalTitle />,
      label: translate(catalogue, 'modal.label'),
      size: 'xl',
      hidesSelectionMenu: true,
      render: () => <TranslateModalContent text={text} />,
    }),
  );
}
