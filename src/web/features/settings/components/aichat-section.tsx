import { Divider, PasswordInput, Text, TextInput } from '@mantine/core';
import { builtInProviderNames, providerEndpoints, type BuiltInProviderName } from '../../../../common/ai-providers';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';
import classes from './settings.module.css';
import { AutoTextarea } from '../../../components/auto-textarea/auto-textarea';

/** The provider names as the settings screen words them: brand names, the same in every language. */
const providerLabels: Record<BuiltInProviderName, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
  deepseek: 'DeepSeek',
  openrouter: 'OpenRouter',
  siliconflow: 'SiliconFlow',
  doubao: 'Doubao',
  chatglm: 'Chatglm',
};

export function AiChatSection({ draft, update }: SectionProps) {
  const t = useT(catalogue);
  const aichat = draft.aichat;
  return (
    <>
      {builtInProviderNames.map((name) => {
        const provider = providerLabels[name];
        const keyField = `${name}_key` as const;
        const urlField = `${name}_base_url` as const;
        const keyLabel = t('aichat.apiKey', { provider });
        return (
          <div key={name} className={`${classes.pair} ${classes.pairTight}`}>
            <PasswordInput
              label={keyLabel}
              value={aichat[keyField]}
              onChange={(event) => update('aichat', { [keyField]: event.currentTarget.value })}
              {...secretInputProps(t('secret.show', { field: keyLabel }))}
            />
            {/* An address field: the official URL shown as its placeholder is not words to translate. */}
            <TextInput
              label={t('aichat.baseUrl', { provider })}
              placeholder={providerEndpoints[name].officialBaseURL}
              translate="no"
              value={aichat[urlField]}
              inputMode="url"
              spellCheck={false}
              onChange={(event) => update('aichat', { [urlField]: event.currentTarget.value })}
            />
          </div>
        );
      })}
      <Divider label={t('aichat.custom')} labelPosition="left" mt="xs" />
      <div className={`${classes.pair} ${classes.pairTight}`}>
        <TextInput
          label={t('aichat.custom.baseUrl')}
          // eslint-disable-next-line kotonoha/no-literal-ui-text -- an address, not words
          placeholder="http://localhost:11434/v1"
          translate="no"
          value={aichat.custom_base_url}
          inputMode="url"
          spellCheck={false}
          onChange={(event) => update('aichat', { custom_base_url: event.currentTarget.value })}
        />
        <PasswordInput
          label={t('aichat.custom.key')}
          placeholder={t('aichat.custom.key.placeholder')}
          value={aichat.custom_key}
          onChange={(event) => update('aichat', { custom_key: event.currentTarget.value })}
          {...secretInputProps(t('secret.show', { field: t('aichat.custom.key') }))}
        />
      </div>
      {/* Model ids, not words. */}
      <TextInput
        label={t('aichat.custom.models')}
        description={t('aichat.custom.models.description')}
        // eslint-disable-next-line kotonoha/no-literal-ui-text -- model ids, not words
        placeholder="llama3.1;qwen2.5:7b"
        translate="no"
        value={aichat.custom_models}
        spellCheck={false}
        onChange={(event) => update('aichat', { custom_models: event.currentTarget.value })}
      />
      <Divider my={2} />
      <AutoTextarea
        label={t('aichat.floatingPrompt')}
        description={
          <Text span size="xs">
            {t('aichat.floatingPrompt.description')}
          </Text>
        }
        minRows={3}
        maxRows={10}
        value={aichat.floatingChatPrompt}
        onChange={(event) => update('aichat', { floatingChatPrompt: event.currentTarget.value })}
      />
    </>
  );
}
