import { Divider, PasswordInput, Text, TextInput } from '@mantine/core';
import { builtInProviderNames, providerEndpoints, type BuiltInProviderName } from '../../../../common/ai-providers';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';
import { SettingsCard } from './settings-card';
import classes from './settings.module.css';
import { AutoTextarea } from '../../../components/auto-textarea/auto-textarea';

/** The provider names as the spec's settings screen words them. */
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
  const aichat = draft.aichat;
  return (
    <SettingsCard
      id="aichat"
      title="AIChat"
      description="Keys stay in this browser. Leave a base URL empty to use the provider's official endpoint."
    >
      {builtInProviderNames.map((name) => {
        const label = providerLabels[name];
        const keyField = `${name}_key` as const;
        const urlField = `${name}_base_url` as const;
        return (
          <div key={name} className={`${classes.pair} ${classes.pairTight}`}>
            <PasswordInput
              label={`${label} API key`}
              value={aichat[keyField]}
              onChange={(event) => update('aichat', { [keyField]: event.currentTarget.value })}
              {...secretInputProps(`${label} API key`)}
            />
            <TextInput
              label={`${label} base URL`}
              placeholder={providerEndpoints[name].officialBaseURL}
              value={aichat[urlField]}
              inputMode="url"
              spellCheck={false}
              onChange={(event) => update('aichat', { [urlField]: event.currentTarget.value })}
            />
          </div>
        );
      })}
      <Divider label="Custom provider (any OpenAI-compatible server)" labelPosition="left" mt="xs" />
      <div className={`${classes.pair} ${classes.pairTight}`}>
        <TextInput
          label="Custom base URL"
          placeholder="http://localhost:11434/v1"
          value={aichat.custom_base_url}
          inputMode="url"
          spellCheck={false}
          onChange={(event) => update('aichat', { custom_base_url: event.currentTarget.value })}
        />
        <PasswordInput
          label="Custom API key"
          placeholder="optional"
          value={aichat.custom_key}
          onChange={(event) => update('aichat', { custom_key: event.currentTarget.value })}
          {...secretInputProps('Custom API key')}
        />
      </div>
      <TextInput
        label="Custom models"
        description="Model ids separated by commas or semicolons; empty asks the server's /models."
        placeholder="llama3.1;qwen2.5:7b"
        value={aichat.custom_models}
        spellCheck={false}
        onChange={(event) => update('aichat', { custom_models: event.currentTarget.value })}
      />
      <Divider my={2} />
      <AutoTextarea
        label="floating-chat prompt"
        description={<Text span size="xs">The system prompt of the floating assistant; empty uses a Japanese-language expert.</Text>}
        minRows={3}
        maxRows={10}
        value={aichat.floatingChatPrompt}
        onChange={(event) => update('aichat', { floatingChatPrompt: event.currentTarget.value })}
      />
    </SettingsCard>
  );
}
