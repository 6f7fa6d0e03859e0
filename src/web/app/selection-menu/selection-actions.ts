import type { MarkedText } from '../../lib/anki/anki-note';
import { emit } from '../../lib/events';
import { common } from '../../lib/i18n/common';
import { translate } from '../../lib/i18n/i18n';
import { toast } from '../../lib/notify';
import { copyText } from '../../lib/secure-context';
import { getSettings } from '../../lib/settings-store';

export type SelectionAction = 'speak' | 'shonagon' | 'askAI' | 'translate' | 'copy' | 'dictionary' | 'notes' | 'saveNote' | 'externalAI';

/** Announced on window after each action, for browser extensions and tests that watch the menu. */
export const selectionActionEvent = 'kotonoha:selection-action';

function announce(action: SelectionAction, text: string) {
  window.dispatchEvent(new CustomEvent(selectionActionEvent, { detail: { action, text } }));
}

export function shonagonUrl(text: string): string {
  return `/shonagon/single?query_string=${encodeURIComponent(text)}`;
}

/** The `g` shortcut's site: `{text}` in the configured URL becomes the encoded selection. */
export function externalAiUrl(template: string, text: string): string {
  const encoded = encodeURIComponent(text);
  return template.includes('{text}') ? template.split('{text}').join(encoded) : `${template}${encoded}`;
}

function openTab(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export const selectionActions = {
  shonagon(text: string) {
    openTab(shonagonUrl(text));
    announce('shonagon', text);
  },
  askAI(text: string) {
    emit('askAI', { query: text });
    announce('askAI', text);
  },
  translate(text: string) {
    emit('open-translate', { text });
    announce('translate', text);
  },
  dictionary(text: string, sentence?: MarkedText) {
    emit('open-dict', { query: text, sentence });
    announce('dictionary', text);
  },
  notes(text: string) {
    emit('open-notion-search', { query: text });
    announce('notes', text);
  },
  saveNote(text: string) {
    emit('save-note', { word: text.trim() });
    announce('saveNote', text);
  },
  externalAI(text: string) {
    const template = getSettings().speech.externalAiUrl.trim() || 'https://chatgpt.com/?q={text}';
    openTab(externalAiUrl(template, text));
    announce('externalAI', text);
  },
  async copy(text: string) {
    if (!(await copyText(text))) {
      toast(translate(common, 'selection.copyFailed'), 'error');
      return;
    }
    toast(translate(common, 'selection.copied'), 'success');
    announce('copy', text);
  },
  async speak(text: string, lang: string) {
    const { getPlayer, speak, stopSpeaking } = await import('../../lib/speech/speech');
    const { state, text: current } = getPlayer().getSnapshot();
    if (state !== 'STOPPED' && current === text) stopSpeaking();
    else void speak(text, lang);
    announce('speak', text);
  },
};
