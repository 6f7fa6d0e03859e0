import { on } from '../../lib/events';

/**
 * `open-translate {text}` opens the translator in a modal with the text and translates it. The
 * translator is loaded on first use so the shell's bundle stays small.
 */
export function handleOpenTranslate(): () => void {
  return on('open-translate', ({ text }) => {
    void import('../../features/translate/translate-modal').then(({ openTranslateModal }) => openTranslateModal(text));
  });
}
