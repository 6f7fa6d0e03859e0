import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconBook2, IconChevronLeft, IconChevronRight, IconLanguage, IconRepeat, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AvCue, AvResult } from '../../../../common/av-search';
import { emit } from '../../../lib/events';
import { useT } from '../../../lib/i18n/use-t';
import { formatTime } from '../format';
import classes from '../av-search.module.css';
import { catalogue } from '../i18n';
import { Furigana } from '../../../components/furigana/furigana';
import { LineAnki } from './line-anki';

export const playbackRates = ['0.5', '0.75', '1', '1.25', '1.5'] as const;

interface PlayerProps {
  result: AvResult;
  onClose: () => void;
}

interface Loop {
  a: number;
  b?: number;
}

/** The line playing at `time`: the last cue that started at or before it. */
export function lineAt(lines: readonly AvCue[], time: number): number {
  let found = -1;
  for (let index = 0; index < lines.length && lines[index].start <= time + 0.05; index++) found = index;
  return found;
}

/**
 * Plays a result from its cue, with the subtitle shown as selectable text under the picture (so the
 * selection menu, the dictionary and translation work on it), line by line navigation, an A–B loop
 * and a slower or faster speed.
 */
export function Player({ result, onClose }: PlayerProps) {
  const t = useT(catalogue);
  const media = useRef<HTMLVideoElement>(null);
  const [lines, setLines] = useState<AvCue[]>(result.cue ? [result.cue] : []);
  const [current, setCurrent] = useState(result.cue ? 0 : -1);
  const [loop, setLoop] = useState<Loop | undefined>();
  const [rate, setRate] = useState<(typeof playbackRates)[number]>('1');
  const [failed, setFailed] = useState(false);
  const isAudio = result.thumb === null;
  // Only a same-origin track can be read without CORS; a remote line still shows from the result itself.
  const subtitles = result.subtitles && new URL(result.subtitles, location.href).origin === location.origin ? result.subtitles : undefined;

  useEffect(() => {
    setLines(result.cue ? [result.cue] : []);
    setCurrent(result.cue ? 0 : -1);
    setLoop(undefined);
    setFailed(false);
  }, [result]);

  useEffect(() => {
    if (media.current) media.current.playbackRate = Number(rate);
  }, [rate]);

  const seek = useCallback((time: number) => {
    const element = media.current;
    if (!element) return;
    element.currentTime = time;
    void element.play().catch(() => {});
  }, []);

  const onLoadedMetadata = () => {
    const element = media.current;
    if (!element) return;
    element.playbackRate = Number(rate);
    if (result.cue) element.currentTime = result.cue.start;
    void element.play().catch(() => {});
  };

  // The track's cues become the player's lines (React does not deliver a <track>'s load event).
  const trackRef = useRef<HTMLTrackElement>(null);
  useEffect(() => {
    const element = trackRef.current;
    if (!element) return;
    const read = () => {
      const cues = Array.from(element.track.cues ?? []) as VTTCue[];
      if (cues.length) setLines(cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text.replace(/<[^>]+>/g, '') })));
    };
    // 'hidden' loads the cues without drawing them over the picture; the line is shown below instead.
    element.track.mode = 'hidden';
    if (element.readyState === HTMLTrackElement.LOADED) read();
    element.addEventListener('load', read);
    return () => element.removeEventListener('load', read);
  }, [subtitles, result.id]);

  const onTimeUpdate = () => {
    const element = media.current;
    if (!element) return;
    if (loop?.b !== undefined && element.currentTime >= loop.b) element.currentTime = loop.a;
    const index = lineAt(lines, element.currentTime);
    if (index !== current) setCurrent(index);
  };

  const line = current >= 0 ? lines[current] : undefined;
  const step = (delta: number) => {
    const target = lines[Math.min(lines.length - 1, Math.max(0, current + delta))];
    if (target) seek(target.start);
  };
  const toggleLoop = () => {
    const now = media.current?.currentTime ?? 0;
    if (!loop) setLoop({ a: now });
    else if (loop.b === undefined) setLoop(now > loop.a ? { a: loop.a, b: now } : undefined);
    else setLoop(undefined);
  };
  const loopLabel = !loop ? t('loop.setStart') : loop.b === undefined ? t('loop.setEnd') : t('loop.clearLabel');

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowLeft' && event.altKey) step(-1);
    else if (event.key === 'ArrowRight' && event.altKey) step(1);
    else return;
    event.preventDefault();
  };

  return (
    <Paper withBorder radius="md" p="sm" className={classes.player} aria-label={t('player.label', { title: result.title })} role="region" onKeyDown={onKeyDown}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} lineClamp={1} lang="ja" translate="no">
          {result.title}
        </Text>
        <ActionIcon variant="subtle" onClick={onClose} aria-label={t('player.close')}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
      {failed && (
        <Text c="red" size="sm" role="alert" mb="xs">
          {t('player.failed')}
        </Text>
      )}
      <video
        key={result.id}
        ref={media}
        className={isAudio ? classes.audio : classes.video}
        src={result.url}
        controls
        playsInline
        preload="metadata"
        onLoadedMetadata={onLoadedMetadata}
        onTimeUpdate={onTimeUpdate}
        onError={() => setFailed(true)}
        aria-label={t('player.video')}
      >
        {subtitles && <track ref={trackRef} kind="subtitles" srcLang="ja" label="日本語" src={subtitles} default />}
      </video>
      <Stack gap={4} mt="xs">
        <Text lang="ja" className={classes.subtitle} aria-live="polite" aria-label={t('player.subtitle')} translate="no" data-furigana-line>
          {line ? <Furigana text={line.text} /> : ' '}
        </Text>
        {line && (
          <Text size="xs" c="dimmed">
            {formatTime(line.start)} – {formatTime(line.end)}
            {loop && ` · ${loop.b !== undefined ? t('loop.range', { from: formatTime(loop.a), to: formatTime(loop.b) }) : t('loop.open', { from: formatTime(loop.a) })}`}
          </Text>
        )}
      </Stack>
      <Group gap="xs" mt="xs" wrap="wrap">
        <Button size="xs" variant="default" leftSection={<IconChevronLeft size={14} />} onClick={() => step(-1)} disabled={current <= 0} aria-label={t('line.previousLabel')}>
          {t('line.previous')}
        </Button>
        <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={14} />} onClick={() => line && seek(line.start)} disabled={!line} aria-label={t('line.replayLabel')}>
          {t('line.replay')}
        </Button>
        <Button size="xs" variant="default" rightSection={<IconChevronRight size={14} />} onClick={() => step(1)} disabled={current >= lines.length - 1} aria-label={t('line.nextLabel')}>
          {t('line.next')}
        </Button>
        <Button size="xs" variant={loop ? 'filled' : 'default'} leftSection={<IconRepeat size={14} />} onClick={toggleLoop} aria-label={loopLabel}>
          {!loop ? t('loop.start') : loop.b === undefined ? t('loop.end') : t('loop.clear')}
        </Button>
        <SegmentedControl size="xs" value={rate} onChange={(value) => setRate(value as typeof rate)} data={playbackRates.map((value) => ({ value, label: `${value}×` }))} aria-label={t('player.speed')} />
        <Button size="xs" variant="subtle" leftSection={<IconBook2 size={14} />} disabled={!line} onClick={() => line && emit('open-dict', { query: line.text })}>
          {t('player.dictionary')}
        </Button>
        <Button size="xs" variant="subtle" leftSection={<IconLanguage size={14} />} disabled={!line} onClick={() => line && emit('open-translate', { text: line.text })}>
          {t('player.translate')}
        </Button>
        {line && <LineAnki result={result} line={line} />}
      </Group>
    </Paper>
  );
}
