import { openModal } from '../../lib/modal-store';
import { Translator } from './components/translator';

/** The translator in a modal (spec §2: the selection menu's "translate"), translating `text` at once. */
export function TranslateModalContent({ text }: { text: string }) {
  return <Translator initialText={text} autoRun compact />;
}

export const translateModalLabel = 'translate';

export function openTranslateModal(text: string): void {
  openModal({
    title: 'Translate',
    label: translateModalLabel,
    size: 'xl',
    hidesSelectionMenu: true,
    render: () => <TranslateModalContent text={text} />,
  });
}
