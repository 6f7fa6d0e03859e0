import { Button, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { speechEngines, type Settings } from '../../../common/settings';
import { speechLanguages } from '../../lib/speech/languages';
import type { SpeechPlayer } from '../../lib/speech/player';
import { defaultSpeechModel, defaultSystemVoice, engineLabels, systemVoices, type EngineName } from '../../lib/speech/speech-names';
import { useSpeechOnDemand } from './use-speech-on-demand';
import { VoiceManager } from './voice-manager';
import { OnDemandSelect } from '../../components/on-demand-select/on-demand-select';
import { AutoTextarea } from '../../components/auto-textarea/auto-textarea';

export type SpeechSettings = Settings['speech'];

const engineOptions: Array<{ value: SpeechSettings['engine']; label: string }> = [
  { value: 'auto', label: 'auto' },
  { value: 'service', label: 'speech service' },
  { value: 'makemp3', label: 'makemp3 relay' },
  { value: 'siliconflow', label: 'SiliconFlow' },
  { value: 'browser', label: 'browser voice' },
];

const languageNames: Record<keyof typeof speechLanguages, string> = {
  ja: 'Japanese',
  en: 'English',
  de: 'German',
  ru: 'Russian',
  kr: 'Korean',
  zh: 'Chinese',
};

const sampleTexts: Record<keyof typeof speechLanguages, string> = {
  ja: '今日はいい天気ですね。散歩に行きましょう。',
  en: 'The weather is lovely today. Shall we go for a walk?',
  de: 'Heute ist schönes Wetter. Gehen wir spazieren?',
  ru: 'Сегодня хорошая погода. Пойдём гулять?',
  kr: '오늘은 날씨가 좋네요. 산책하러 갈까요?',
  zh: '今天天气很好。我们去散步吧。',
};

export interface SpeechSettingsSectionProps {
  /** The settings screen's draft of the `speech` section; the screen's Save persists it. */
  value: SpeechSettings;
  onChange: (patch: Partial<SpeechSettings>) => void;
}

/** Settings → Speech (issue 5): choose and test the engine, the service, SiliconFlow voices, the external AI site. */
export function SpeechSettingsSection({ value: draft, onChange: update }: SpeechSettingsSectionProps) {

  const [lang, setLang] = useState<keyof typeof speechLanguages>('ja');
  const [testText, setTestText] = useState(sampleTexts.ja);
  const [lastTest, setLastTest] = useState<{ ok: boolean; message: string } | null>(null);
  const { player, load: loadSpeech, preload: preloadSpeech } = useSpeechOnDemand();
  const testing = player.state !== 'STOPPED' && player.text === testText.trim();

  const runTest = async (options: { names?: EngineName[]; settings: SpeechSettings }, text: string) => {
    setLastTest(null);
    const speech = await loadSpeech();
    let engine: EngineName | null = null;
    const unsubscribe = watchEngine(speech.getPlayer(), (name) => (engine = name));
    const result = await speech.speakWith(options, text, lang);
    unsubscribe();
    if (result.status === 'failed') setLastTest({ ok: false, message: result.error.message });
    else if (engine) setLastTest({ ok: true, message: `played by ${engineLabels[engine]}` });
  };

  const onTest = () => {
    if (testing) {
      void loadSpeech().then((speech) => speech.stopSpeaking());
      return;
    }
    const names = draft.engine === 'auto' ? undefined : ([draft.engine] as EngineName[]);
    void runTest({ names, settings: draft }, testText);
  };

  return (
    <Stack gap="md">
      <OnDemandSelect
        label="speech engine"
        description="Tried first; when it fails the others follow: speech service (if it has a URL), makemp3 relay (ttsmp3 through this server), browser voice (offline). SiliconFlow uses the AIChat key and the voice below."
        data={engineOptions.filter((option) => speechEngines.includes(option.value))}
        value={draft.engine}
        allowDeselect={false}
        onChange={(next) => next && update({ engine: next as SpeechSettings['engine'] })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="service URL"
          description="POST JSON {platform, lang, text, gender, rate}; answers audio."
          placeholder="https://tts.example.com/api/speak"
          value={draft.serviceUrl}
          onChange={(event) => update({ serviceUrl: event.currentTarget.value })}
          error={draft.serviceUrl && !/^https?:\/\//.test(draft.serviceUrl.trim()) ? 'must start with http:// or https://' : null}
        />
        <PasswordInput
          label="service token"
          description="Sent as the Authorization header, as written (e.g. Bearer …)."
          value={draft.serviceToken}
          onChange={(event) => update({ serviceToken: event.currentTarget.value })}
          autoComplete="off"
          visibilityToggleButtonProps={{ 'aria-label': 'show service token' }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="SiliconFlow model"
          placeholder={defaultSpeechModel}
          value={draft.siliconflowModel}
          onChange={(event) => update({ siliconflowModel: event.currentTarget.value })}
        />
        <OnDemandSelect
          label="SiliconFlow voice"
          description="A system voice, or one of your voices below."
          searchable
          data={[
            { group: 'system voices', items: systemVoices.map((voice) => ({ value: voice, label: voice })) },
            ...(draft.siliconflowVoice && !(systemVoices as readonly string[]).includes(draft.siliconflowVoice)
              ? [{ group: 'your voice', items: [{ value: draft.siliconflowVoice, label: draft.siliconflowVoice.split(':')[1] ?? draft.siliconflowVoice }] }]
              : []),
          ]}
          value={draft.siliconflowVoice || defaultSystemVoice}
          allowDeselect={false}
          onChange={(next) => next && update({ siliconflowVoice: next })}
        />
      </SimpleGrid>
      <TextInput
        label="external AI URL"
        description="The selection menu's g shortcut opens this page; {text} becomes the selected text."
        value={draft.externalAiUrl}
        onChange={(event) => update({ externalAiUrl: event.currentTarget.value })}
        error={draft.externalAiUrl && !/^https?:\/\//.test(draft.externalAiUrl.trim()) ? 'must start with http:// or https://' : null}
      />

      <Divider />
      <Title order={4} size="h5">
        Test
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <OnDemandSelect
          label="test language"
          w={150}
          data={Object.keys(speechLanguages).map((code) => ({ value: code, label: `${languageNames[code as 'ja']} (${code})` }))}
          value={lang}
          allowDeselect={false}
          onChange={(next) => {
            if (!next) return;
            const code = next as keyof typeof speechLanguages;
            if (testText === sampleTexts[lang]) setTestText(sampleTexts[code]);
            setLang(code);
          }}
        />
        <AutoTextarea
          label="test text"
          minRows={1}
          maxRows={4}
          style={{ flex: '1 1 260px' }}
          value={testText}
          onChange={(event) => setTestText(event.currentTarget.value)}
        />
        <Button
          onClick={onTest}
          onPointerEnter={preloadSpeech}
          onFocus={preloadSpeech}
          disabled={!testText.trim()}
          loading={testing && player.state === 'LOADING'}
          leftSection={testing ? <IconPlayerStop size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
        >
          {testing ? 'stop' : 'test speech'}
        </Button>
      </Group>
      <Text size="sm" aria-live="polite" data-testid="speech-status" c={lastTest && !lastTest.ok ? 'red' : 'dimmed'}>
        {testing ? `${player.state.toLowerCase()}${player.engine ? ` · ${engineLabels[player.engine]}` : ''}` : (lastTest?.message ?? 'Not tested yet.')}
      </Text>

      <Divider />
      <VoiceManager
        model={draft.siliconflowModel.trim() || defaultSpeechModel}
        selectedVoice={draft.siliconflowVoice}
        onSelect={(uri) => update({ siliconflowVoice: uri })}
        onPreview={(uri, text) => runTest({ names: ['siliconflow'], settings: { ...draft, siliconflowVoice: uri } }, text)}
        previewText={testText.trim() || sampleTexts[lang]}
      />
    </Stack>
  );
}

/** Reports the engine that starts playing, so a test can say which one worked. */
function watchEngine(player: SpeechPlayer, onEngine: (name: EngineName) => void): () => void {
  return player.subscribe(() => {
    const { state, engine } = player.getSnapshot();
    if (state === 'PLAYING' && engine) onEngine(engine);
  });
}
