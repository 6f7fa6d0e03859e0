import { memo, useRef } from 'react';
import { useStore } from 'zustand';
import { AutoTextarea } from '../../../components/auto-textarea/auto-textarea';
import { onDemand } from '../../../components/on-demand/on-demand';
import { useT } from '../../../lib/i18n/use-t';
import type { ChatSessionStore } from '../chat-store';
import { catalogue } from '../i18n';
import { targetLanguagePlaceholder } from '../prompt-presets';
import type { PresetsMenuProps } from './presets-menu';
import { PresetsTrigger } from './presets-trigger';

const PresetsOnDemand = onDemand<PresetsMenuProps>(() => import('./presets-menu').then((module) => module.PresetsMenu));

/** The system prompt ("prompt :") with the preset picker. */
export const PromptBox = memo(function PromptBox({ session, narrow }: { session: ChatSessionStore; narrow?: boolean }) {
  const t = useT(catalogue);
  const prompt = useStore(session, (state) => state.config.prompt);
  const setConfig = useStore(session, (state) => state.setConfig);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const choose = (text: string) => {
    setConfig({ prompt: text });
    // The translator preset needs a target language: select the placeholder so typing replaces it.
    requestAnimationFrame(() => {
      const element = textarea.current;
      if (!element) return;
      element.focus();
      const at = text.indexOf(targetLanguagePlaceholder);
      if (at >= 0) element.setSelectionRange(at, at + targetLanguagePlaceholder.length);
    });
  };

  return (
    <div className="chat-prompt">
      <AutoTextarea
        ref={textarea}
        label={t('prompt.label')}
        // The prompt is the person's own text (or a preset's, sent as written).
        translate="no"
        value={prompt}
        onChange={(event) => setConfig({ prompt: event.currentTarget.value })}
        minRows={1}
        maxRows={narrow ? 2 : 4}
        size="sm"
        className="chat-prompt-input"
        styles={{ label: { fontWeight: 600 } }}
      />
      <PresetsOnDemand narrow={narrow} onChoose={choose} trigger={(handlers) => <PresetsTrigger narrow={narrow} {...handlers} />} />
    </div>
  );
});
