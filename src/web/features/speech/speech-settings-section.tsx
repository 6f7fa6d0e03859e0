import { Button, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { speechEngines, type Settings } from '../../../common/settings';
import { useT } from '../../lib/i18n/use-t';
import { useSettings } from '../../lib/settings-store';
import { speechLanguages } from '../../lib/speech/languages';
import type { SpeechPlayer } from '../../lib/speech/player';
import { defaultSpeechModel, defaultSystemVoice, systemVoices, type EngineName } from '../../lib/speech/speech-names';
import { catalogue } from './i18n';
import { useSpeechOnDemand } from '../../lib/speech/use-speech-on-demand';
import classes from './speech.module.css';
import { VoicesHeading, VoicesPlaceholder } from './voices-heading';
import { OnDemandSelect } from '../../components/on-demand-select/on-demand-select';
import { AutoTextarea } from '../../components/auto-textarea/auto-textarea';
import { untilLoaded } from '../../lib/until-loaded';

export type SpeechSettings = Settings['speech'];

const VoiceManager = lazy(() => untilLoaded(() => import('./voice-manager')).then((module) => ({ default: module.VoiceManager })));

/** The engines in the order offered; each is named by the catalogue's `engine.<value>`. */
const engineOptions: Array<SpeechSettings['engine']> = ['auto', 'service', 'makemp3', 'siliconflow', 'browser'];

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
  const t = useT(catalogue);
  // The voices belong to the saved SiliconFlow key (the voice client reads the saved settings).
  const hasKey = useSettings((settings) => settings.aichat.siliconflow_key.trim() !== '');
  // A success keeps the engine, so its name follows a switch of language.
  const [lastTest, setLastTest] = useState<{ ok: true; engine: EngineName } | { ok: false; message: string } | null>(null);
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
    else if (engine) setLastTest({ ok: true, engine });
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
        label={t('engine.label')}
        description={t('engine.description')}
        data={engineOptions.filter((option) => speechEngines.includes(option)).map((option) => ({ value: option, label: t(`engine.${option}`) }))}
        value={draft.engine}
        allowDeselect={false}
        onChange={(next) => next && update({ engine: next as SpeechSettings['engine'] })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('service.url')}
          description={t('service.url.description', { fields: '{platform, lang, text, gender, rate}' })}
          placeholder={t('service.url.placeholder')}
          value={draft.serviceUrl}
          onChange={(event) => update({ serviceUrl: event.currentTarget.value })}
          error={draft.serviceUrl && !/^https?:\/\//.test(draft.serviceUrl.trim()) ? t('url.invalid') : null}
        />
        <PasswordInput
          label={t('service.token')}
          description={t('service.token.description')}
          value={draft.serviceToken}
          onChange={(event) => update({ serviceToken: event.currentTarget.value })}
          autoComplete="off"
          visibilityToggleButtonProps={{ 'aria-label': t('service.token.show') }}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('siliconflow.model')}
          placeholder={defaultSpeechModel}
          // A model id, as the service spells it.
          translate="no"
          value={draft.siliconflowModel}
          onChange={(event) => update({ siliconflowModel: event.currentTarget.value })}
        />
        <OnDemandSelect
          label={t('siliconflow.voice')}
          description={t('siliconflow.voice.description')}
          searchable
          data={[
            { group: t('siliconflow.voice.system'), items: systemVoices.map((voice) => ({ value: voice, label: voice })) },
            ...(draft.siliconflowVoice && !(systemVoices as readonly string[]).includes(draft.siliconflowVoice)
              ? [{ group: t('siliconflow.voice.yours'), items: [{ value: draft.siliconflowVoice, label: draft.siliconflowVoice.split(':')[1] ?? draft.siliconflowVoice }] }]
              : []),
          ]}
          value={draft.siliconflowVoice || defaultSystemVoice}
          allowDeselect={false}
          onChange={(next) => next && update({ siliconflowVoice: next })}
        />
      </SimpleGrid>
      <TextInput
        label={t('externalAi.url')}
        description={t('externalAi.description', { placeholder: '{text}' })}
        value={draft.externalAiUrl}
        onChange={(event) => update({ externalAiUrl: event.currentTarget.value })}
        error={draft.externalAiUrl && !/^https?:\/\//.test(draft.externalAiUrl.trim()) ? t('url.invalid') : null}
      />

      <Divider />
      <Title order={4} size="h5">
        {t('test.heading')}
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <OnDemandSelect
          label={t('test.language')}
          w={150}
          data={Object.keys(speechLanguages).map((code) => ({ value: code, label: t('test.language.option', { name: t(`test.language.${code as keyof typeof speechLanguages}`), code }) }))}
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
          label={t('test.text')}
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
          {testing ? t('test.stop') : t('test.run')}
        </Button>
      </Group>
      <Text size="sm" aria-live="polite" data-testid="speech-status" c={lastTest && !lastTest.ok ? undefined : 'dimmed'} className={lastTest && !lastTest.ok ? classes.error : undefined}>
        {testing
          ? `${t(`test.state.${player.state.toLowerCase() as Lowercase<typeof player.state>}`)}${player.engine ? ` · ${t(`engine.${player.engine}`)}` : ''}`
          : !lastTest
            ? t('test.notYet')
            : lastTest.ok
              ? t('test.playedBy', { engine: t(`engine.${lastTest.engine}`) })
              : lastTest.message}
      </Text>

      <Divider />
      {hasKey ? (
        <Suspense fallback={<VoicesPlaceholder needKey={false} />}>
          <VoiceManager
            heading={(controls) => <VoicesHeading {...controls} />}
            model={draft.siliconflowModel.trim() || defaultSpeechModel}
            selectedVoice={draft.siliconflowVoice}
            onSelect={(uri) => update({ siliconflowVoice: uri })}
            onPreview={(uri, text) => runTest({ names: ['siliconflow'], settings: { ...draft, siliconflowVoice: uri } }, text)}
            previewText={testText.trim() || sampleTexts[lang]}
          />
        </Suspense>
      ) : (
        <VoicesPlaceholder needKey />
      )}
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
