import { ActionIcon, Anchor, Button, Group, Kbd, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconBook2, IconClipboard, IconHistory, IconLanguage, IconPlayerStopFilled, IconVolume } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { emit } from '../../../lib/events';
import { RichText } from '../../../lib/i18n/rich-text';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { ClipboardUnavailableError, readClipboardText } from '../../../lib/secure-context';
import { getSettings, useSettingsStore } from '../../../lib/settings-store';
import { useSpeechOnDemand } from '../../../lib/speech/use-speech-on-demand';
import { isEnabled, useEngineFlags } from '../engine-flags';
import { catalogue } from '../i18n';
import { reorderDynamicConfigs } from '../engines/build-engines';
import { isSourceLanguage, isTargetLanguage, sourceLanguages, targetLanguages } from '../languages';
import { useTranslator, type TranslatorOptions } from '../hooks/use-translator';
import { removeNewlines, type TranslationResult } from '../run';
import { Hint } from '../../../components/hint/hint';
import { SortableList } from '../../../components/sortable-list/sortable-list';
import { ResultCard } from './result-card';
import { AutoTextarea } from '../../../components/auto-textarea/auto-textarea';
import classes from './translate.module.css';
import { untilLoaded } from '../../../lib/until-loaded';

interface TranslatorProps extends TranslatorOptions {
  /** Translate `initialText` as soon as the translator opens (the modal). */
  autoRun?: boolean;
  /** Inside the modal: one column of cards, a shorter source box. */
  compact?: boolean;
  /** Rendered under the results (the page puts file translation there, after what is used most). */
  renderExtra?: (languages: { from: ReturnType<typeof useTranslator>['from']; to: ReturnType<typeof useTranslator>['to'] }) => React.ReactNode;
}

// The history drawer (and IndexedDB under it) loads the first time it is opened.
const HistoryPanel = lazy(() => untilLoaded(() => import('./history-panel')).then((module) => ({ default: module.HistoryPanel })));

/** A card in the results grid: a configured engine, or the result of one removed since. */
interface Card {
  engine?: ReturnType<typeof useTranslator>['engines'][number];
  orphan?: TranslationResult;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const modifierKey = isMac ? '⌘' : 'Ctrl';
const enterKey = 'Enter';

export function Translator({ autoRun = false, compact = false, renderExtra, ...options }: TranslatorProps) {
  const t = useT(catalogue);
  const state = useTranslator(options);
  const { engines, flags, text, setText, from, setFrom, to, setTo, results, translating, translate, reopen, swap, settings } = state;
  const setEnabled = useEngineFlags((store) => store.setEnabled);
  const source = useRef<HTMLTextAreaElement>(null);
  const [historyOpen, setHistoryOpenState] = useState(false);
  const [historyWanted, setHistoryWanted] = useState(false);
  const setHistoryOpen = (open: boolean) => {
    if (open) setHistoryWanted(true);
    setHistoryOpenState(open);
  };
  const { player, load: loadSpeech, preload: preloadSpeech } = useSpeechOnDemand();
  const speakingSource = player.state !== 'STOPPED' && player.text === text;
  const empty = removeNewlines(text) === '';

  // docs/behaviour.md "Translate": when the tab becomes visible again, the source box gets focus.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') source.current?.focus();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const ran = useRef(false);
  useEffect(() => {
    if (autoRun && !ran.current && options.initialText) {
      ran.current = true;
      void translate({ text: options.initialText });
    }
  }, [autoRun, options.initialText, translate]);

  const move = (from: number, to: number) => {
    const ids = engines.map((engine) => engine.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined || to >= engines.length) return;
    ids.splice(to, 0, moved);
    const dynamicIds = ids.filter((id) => engines.find((engine) => engine.id === id)?.fromDynamicConfig);
    useSettingsStore.getState().save(reorderDynamicConfigs(getSettings(), dynamicIds));
  };

  const paste = async () => {
    try {
      const clip = await readClipboardText();
      if (!clip) return toast(t('paste.empty'), 'info');
      setText(clip);
      source.current?.focus();
    } catch (error) {
      if (error instanceof ClipboardUnavailableError) {
        source.current?.focus();
        return toast(t('paste.unavailable'), 'warning');
      }
      toast(t('paste.failed', { error: error instanceof Error ? error.message : String(error) }), 'error');
    }
  };

  const dictionaryQuery = () => {
    const box = source.current;
    const selected = box ? box.value.slice(box.selectionStart, box.selectionEnd).trim() : '';
    return selected || text.trim();
  };

  const knownIds = new Set(engines.map((engine) => engine.id));
  // Results of engines removed since (spec: shown until the next translation) come after the engines and never move.
  const orphans = Object.values(results).filter((result) => !knownIds.has(result.engineId));
  const cards: Card[] = [...engines.map((engine) => ({ engine })), ...orphans.map((orphan) => ({ orphan }))];

  return (
    <Stack
      gap="md"
      // docs/behaviour.md "Translate": Ctrl or Meta + Enter translates, wherever focus is in the
      // translator.
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
          event.preventDefault();
          void translate();
        }
      }}
    >
      <Paper withBorder radius="md" p={compact ? 'sm' : 'md'}>
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <NativeSelect
              aria-label={t('language.source')}
              value={from}
              onChange={(event) => isSourceLanguage(event.currentTarget.value) && setFrom(event.currentTarget.value)}
              data={sourceLanguages.map(({ value }) => ({ value, label: t(`language.${value}`) }))}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Hint label={t('language.swap')}>
              <ActionIcon variant="default" size="lg" aria-label={t('language.swap')} onClick={swap}>
                <IconArrowsExchange size={18} />
              </ActionIcon>
            </Hint>
            <NativeSelect
              aria-label={t('language.target')}
              value={to}
              onChange={(event) => isTargetLanguage(event.currentTarget.value) && setTo(event.currentTarget.value)}
              data={targetLanguages.map(({ value }) => ({ value, label: t(`language.${value}`) }))}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Hint label={t('action.history')}>
              <ActionIcon variant="default" size="lg" aria-label={t('action.history')} onClick={() => setHistoryOpen(true)}>
                <IconHistory size={18} />
              </ActionIcon>
            </Hint>
          </Group>

          <AutoTextarea
            ref={source}
            aria-label={t('source.label')}
            placeholder={t('source.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            minRows={compact ? 3 : 5}
            maxRows={compact ? 8 : 14}
            data-autofocus
          />

          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Button
                variant="default"
                size="sm"
                leftSection={speakingSource ? <IconPlayerStopFilled size={16} /> : <IconVolume size={16} />}
                disabled={empty && !speakingSource}
                onPointerEnter={preloadSpeech}
                onFocus={preloadSpeech}
                onClick={() => void loadSpeech().then((speech) => speech.speakOrStop(text, from))}
              >
                {t('action.speak')}
              </Button>
              <Button variant="default" size="sm" leftSection={<IconClipboard size={16} />} onClick={() => void paste()}>
                {t('action.paste')}
              </Button>
              <Button variant="default" size="sm" leftSection={<IconBook2 size={16} />} visibleFrom="sm" disabled={empty} onClick={() => emit('open-dict', { query: dictionaryQuery() })}>
                {t('action.dictionary')}
              </Button>
            </Group>
            <Group gap="xs" ml="auto">
              {/* Key caps are named as printed on the keys. */}
              <Text size="xs" c="dimmed" visibleFrom="sm" translate="no">
                <Kbd size="xs">{modifierKey}</Kbd> + <Kbd size="xs">{enterKey}</Kbd>
              </Text>
              <Button size="sm" leftSection={<IconLanguage size={16} />} disabled={empty} loading={translating} onClick={() => void translate()}>
                {t('action.translate')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>

      {engines.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm">
            <RichText
              text={t('engines.none')}
              parts={{
                link: (words) => (
                  <Anchor component={Link} to="/settings" inherit className={classes.link}>
                    {words}
                  </Anchor>
                ),
              }}
            />
          </Text>
        </Paper>
      ) : (
        <SortableList
          label={t('results.label')}
          items={cards}
          getKey={(card) => card.engine?.id ?? card.orphan!.engineId}
          getLabel={(card) => card.engine?.name ?? card.orphan!.serviceName}
          sortable={engines.length > 1}
          canMove={(card) => card.engine?.fromDynamicConfig === true}
          onMove={move}
          grid={(cells) => (
            <SimpleGrid cols={compact ? 1 : { base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" aria-label={t('results.label')} role="region" aria-busy={translating}>
              {cells}
            </SimpleGrid>
          )}
          renderItem={({ engine, orphan }, _index, handle) =>
            engine ? (
              <ResultCard
                name={engine.name}
                link={engine.link}
                model={engine.model}
                showModel={settings.translator.showModel}
                enabled={isEnabled(flags, engine.name)}
                onEnabledChange={(enabled) => setEnabled(engine.name, enabled)}
                result={results[engine.id]}
                lang={to}
                handle={handle}
              />
            ) : (
              <ResultCard name={orphan!.serviceName} link={orphan!.link} showModel={settings.translator.showModel} enabled result={orphan} lang={to} handle={null} />
            )
          }
        />
      )}

      {renderExtra?.({ from, to })}

      {historyWanted ? (
        <Suspense fallback={null}>
          <HistoryPanel opened={historyOpen} onClose={() => setHistoryOpen(false)} onReopen={reopen} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
