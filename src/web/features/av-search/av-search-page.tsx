import { Alert, Button, Checkbox, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerStop, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { avQueryMaxLength, type AvEvent, type AvResult, type AvSource } from '../../../common/av-search';
import { requestModes, searchSources } from '../../../common/settings';
import { PageFrame } from '../../components/page-frame/page-frame';
import { SlideIn } from '../../components/slide-in/slide-in';
import { RichText } from '../../lib/i18n/rich-text';
import { useT } from '../../lib/i18n/use-t';
import { useSettings } from '../../lib/settings-store';
import { serverErrorMessage } from '../../lib/http/server-error-message';
import { untilLoaded } from '../../lib/until-loaded';
import { useLoadedWhen } from '../../lib/use-loaded-when';
import { startSearch, type RequestMode, type RunningSearch } from './api/av-search-client';
import { sourceKeys } from './format';
import classes from './av-search.module.css';
import { catalogue } from './i18n';
import { FuriganaToggle } from '../../components/furigana/furigana-toggle';


interface SourceState {
  count: number;
  done: boolean;
  error?: string;
}

type Phase = 'idle' | 'searching' | 'done' | 'stopped';

/** Results arrive in bursts; rendering them once per frame keeps typing and scrolling smooth. */
function useFrameBatch<T>(onFlush: (items: T[]) => void) {
  const pending = useRef<T[]>([]);
  const frame = useRef<number | undefined>(undefined);
  useEffect(() => () => cancelAnimationFrame(frame.current ?? 0), []);
  return useCallback(
    (item: T) => {
      pending.current.push(item);
      frame.current ??= requestAnimationFrame(() => {
        frame.current = undefined;
        const items = pending.current;
        pending.current = [];
        onFlush(items);
      });
    },
    [onFlush],
  );
}

export function AvSearchPage() {
  const t = useT(catalogue);
  const settings = useSettings((s) => s.avsearch);
  const accessToken = useSettings((s) => s.xpan.accessToken);
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get('q') ?? '');
  const [sources, setSources] = useState<AvSource[]>([settings.source]);
  const [mode, setMode] = useState<RequestMode>(settings.requestMode);
  const [results, setResults] = useState<AvResult[]>([]);
  const [perSource, setPerSource] = useState<Partial<Record<AvSource, SourceState>>>({});
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<string | undefined>();
  const [playing, setPlaying] = useState<AvResult | undefined>();
  const running = useRef<RunningSearch | undefined>(undefined);
  /** Counts searches, so a failure worded after a new search began is dropped. */
  const searchCount = useRef(0);

  const addResults = useFrameBatch<AvResult>(useCallback((items: AvResult[]) => setResults((previous) => [...previous, ...items]), []));

  const onEvent = useCallback(
    (event: AvEvent) => {
      if (event.type === 'result') {
        addResults(event.data);
        setPerSource((previous) => {
          const state = previous[event.data.source] ?? { count: 0, done: false };
          return { ...previous, [event.data.source]: { ...state, count: state.count + 1 } };
        });
      } else if (event.type === 'source-done') {
        setPerSource((previous) => ({ ...previous, [event.data.source]: { ...(previous[event.data.source] ?? { count: 0 }), done: true } }));
      } else if (event.type === 'error') {
        const { source } = event.data;
        const during = searchCount.current;
        void serverErrorMessage(event.data).then((worded) => {
          if (during !== searchCount.current) return;
          const error = worded ?? event.data.error;
          if (source) setPerSource((previous) => ({ ...previous, [source]: { ...(previous[source] ?? { count: 0, done: false }), error } }));
          else setFailure(error);
        });
      } else {
        running.current = undefined;
        setPhase('done');
      }
    },
    [addResults],
  );

  const search = useCallback(
    (query: string) => {
      const q = query.trim();
      running.current?.stop();
      searchCount.current++;
      setFailure(undefined);
      if (!q) return;
      if (q.length > avQueryMaxLength) {
        setFailure(t('query.tooLong', { max: avQueryMaxLength }));
        return;
      }
      if (sources.length === 0) {
        setFailure(t('sources.none'));
        return;
      }
      setResults([]);
      setPerSource(Object.fromEntries(sources.map((source) => [source, { count: 0, done: false }])));
      setPhase('searching');
      running.current = startSearch(mode, { q, sources, remoteBase: settings.remoteBase, accessToken }, {
        onEvent,
        onFailure: (reason) => {
          running.current = undefined;
          setFailure(reason === undefined ? t('connection.failed') : t('connection.closed', { reason }));
          setPhase('stopped');
        },
      });
    },
    [sources, mode, settings.remoteBase, accessToken, onEvent, t],
  );

  useEffect(() => () => running.current?.stop(), []);
  // The player (and, through its lines, Anki's IndexedDB queue and menus) comes with the first results,
  // not with the screen: the idle screen paints without it (decision 0014). Not through Suspense:
  // a player revealed by a Suspense boundary missed its video's first events and did not seek.
  const Player = useLoadedWhen(results.length > 0, () => import('./components/player').then((module) => module.Player));
  // The result cards (with their furigana and its reading client) come with the first search, while
  // the server looks: the idle screen's first paint waits for fewer files.
  const ResultCard = useLoadedWhen(phase !== 'idle', () => untilLoaded(() => import('./components/result-card')).then((module) => module.ResultCard));

  // ?q= runs the search once on arrival (links from elsewhere, reloads).
  const initial = useRef(params.get('q'));
  useEffect(() => {
    if (initial.current) search(initial.current);
    initial.current = null;
  }, [search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = input.trim();
    setParams(q ? { q } : {}, { replace: true });
    search(q);
  };

  const stop = () => {
    running.current?.stop();
    running.current = undefined;
    setPhase('stopped');
  };

  const toggleSource = (source: AvSource, checked: boolean) =>
    setSources((previous) => (checked ? searchSources.filter((name) => name === source || previous.includes(name)) : previous.filter((name) => name !== source)));

  const needsToken = sources.includes('yunpan') && !accessToken;
  const needsRemote = sources.includes('remote') && !settings.remoteBase;

  return (
    <PageFrame>
      <form onSubmit={submit} role="search" aria-label={t('search.form')}>
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              aria-label={t('query.label')}
              placeholder={t('query.placeholder')}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              lang="ja"
              style={{ flex: 1 }}
              maxLength={avQueryMaxLength}
            />
            {phase === 'searching' ? (
              // Keys keep these two distinct elements: a click on stop flushes its state before the browser's
              // default action, which would otherwise find the same element turned into the submit button.
              <Button key="stop" variant="default" leftSection={<IconPlayerStop size={16} />} onClick={stop}>
                {t('stop')}
              </Button>
            ) : (
              <Button key="search" type="submit" disabled={!input.trim()}>
                {t('search')}
              </Button>
            )}
          </Group>
          <Group gap="lg" wrap="wrap">
            <Group gap="sm" role="group" aria-label={t('sources.label')}>
              {searchSources.map((source) => (
                <Checkbox key={source} label={t(sourceKeys[source])} checked={sources.includes(source)} onChange={(event) => toggleSource(source, event.currentTarget.checked)} />
              ))}
            </Group>
            <Radio.Group value={mode} onChange={(value) => setMode(value as RequestMode)} aria-label={t('requestMode.label')}>
              <Group gap="sm">
                {/* EventStream and WebSocket: the protocols' own names. */}
                {requestModes.map((value) => (
                  <Radio key={value} value={value} label={<span translate="no">{value}</span>} />
                ))}
              </Group>
            </Radio.Group>
            <FuriganaToggle />
          </Group>
          {(needsToken || needsRemote) && (
            <Text size="sm" c="dimmed">
              {needsToken && `${t('needs.token')} `}
              {needsRemote && `${t('needs.remote')} `}
              <RichText text={t('needs.settings')} parts={{ link: (text) => <Link to="/settings">{text}</Link> }} />
            </Text>
          )}
        </Stack>
      </form>

      {failure && (
        <Alert color="red" title={t('search.failed')} role="alert">
          {failure}
        </Alert>
      )}

      {phase !== 'idle' && (
        <Group gap="md" className={classes.sources} aria-label={t('sources.progress')} role="status">
          {phase === 'searching' && <Loader size="xs" aria-label={t('searching')} />}
          {sources.map((source) => {
            const state = perSource[source];
            if (!state) return null;
            return (
              <Text key={source} size="sm" c={state.error ? 'red' : 'dimmed'} data-source={source}>
                {t('source.count', { source: t(sourceKeys[source]), count: state.count, state: state.error ? 'failed' : state.done ? 'done' : 'running' })}
              </Text>
            );
          })}
          {phase === 'done' && (
            <Text size="sm" c="dimmed">
              {t('phase.done')}
            </Text>
          )}
          {phase === 'stopped' && (
            <Text size="sm" c="dimmed">
              {t('phase.stopped')}
            </Text>
          )}
        </Group>
      )}

      {sources.map((source) => {
        const error = perSource[source]?.error;
        return error ? (
          <Alert key={source} color="orange" variant="light" title={t('source.failed', { source: t(sourceKeys[source]) })}>
            {error}
          </Alert>
        ) : null;
      })}

      {playing && Player && <Player result={playing} onClose={() => setPlaying(undefined)} />}

      {results.length > 0 ? (
        ResultCard && (
          <div className={classes.results} role="list" aria-label={t('results.label')}>
            {results.map((result) => (
              <SlideIn key={result.id} role="listitem">
                <ResultCard result={result} proxyAllImgs={settings.proxyAllImgs} selected={playing?.id === result.id} onPlay={setPlaying} />
              </SlideIn>
            ))}
          </div>
        )
      ) : (
        phase === 'done' && (
          <Text c="dimmed">
            {t('results.none')}
          </Text>
        )
      )}
      {phase === 'idle' && (
        <Text c="dimmed" size="sm">
          {t('idle')}
        </Text>
      )}
    </PageFrame>
  );
}
