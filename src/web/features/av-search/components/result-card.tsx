import { Badge, Card, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { IconMusic, IconPlayerPlay } from '@tabler/icons-react';
import type { AvResult } from '../../../../common/av-search';
import { useT } from '../../../lib/i18n/use-t';
import { formatTime, imageSource, sourceKeys, splitMatch } from '../format';
import classes from '../av-search.module.css';
import { catalogue } from '../i18n';
import { Furigana } from '../../../components/furigana/furigana';

interface ResultCardProps {
  result: AvResult;
  proxyAllImgs: boolean;
  selected: boolean;
  onPlay: (result: AvResult) => void;
}

export function ResultCard({ result, proxyAllImgs, selected, onPlay }: ResultCardProps) {
  const t = useT(catalogue);
  const thumb = imageSource(result.thumb, proxyAllImgs, location.origin);
  const line = result.cue ? splitMatch(result.cue.text, result.match) : null;
  const title = result.cue ? [result.title, '', ''] : splitMatch(result.title, result.match);
  // The title alone is a message too, so a language may frame it (and the pseudo-locale sees it as one).
  const label = result.cue ? t('card.label', { title: result.title, time: formatTime(result.cue.start), line: result.cue.text }) : t('card.labelTitle', { title: result.title });
  return (
    <Card withBorder padding={0} radius="md" className={classes.card} data-selected={selected || undefined} component="article" aria-label={label}>
      <UnstyledButton onClick={() => onPlay(result)} className={classes.cardButton} aria-label={t('card.play', { label })}>
        <div className={classes.thumb}>
          {thumb ? (
            <Image src={thumb} alt="" loading="lazy" h="100%" w="100%" fit="cover" />
          ) : (
            <IconMusic size={36} stroke={1.5} aria-hidden className={classes.thumbIcon} />
          )}
          <span className={classes.play} aria-hidden>
            <IconPlayerPlay size={20} />
          </span>
          {result.cue && <span className={classes.time}>{formatTime(result.cue.start)}</span>}
        </div>
      </UnstyledButton>
      {/* The line is what people click; the thumbnail's button is the keyboard's way to the same
          action. A drag that selects part of the line (for the selection menu) does not play. */}
      <div className={classes.cardBody} data-playable={line ? true : undefined} onClick={line ? (event) => playUnlessSelecting(event.currentTarget, () => onPlay(result)) : undefined}>
        {line && (
          <Text lang="ja" size="md" className={classes.line} translate="no" data-furigana-line>
            <Furigana text={line[0]} after={line[1] + line[2]} />
            {line[1] && (
              <mark>
                <Furigana text={line[1]} before={line[0]} after={line[2]} />
              </mark>
            )}
            <Furigana text={line[2]} before={line[0] + line[1]} />
          </Text>
        )}
        <Text size="sm" c={line ? 'dimmed' : undefined} fw={line ? undefined : 500} lineClamp={2} lang="ja" translate="no">
          {title[0]}
          {title[1] && <mark>{title[1]}</mark>}
          {title[2]}
        </Text>
        <Group gap={6} mt={4}>
          {/* Cyan: Mantine's light teal badge is 4.3:1 in the light scheme, cyan 4.8:1. */}
          <Badge size="xs" variant="light" color={result.source === 'local' ? 'cyan' : result.source === 'remote' ? 'grape' : 'blue'}>
            {t(sourceKeys[result.source])}
          </Badge>
          {result.duration !== null && (
            <Text size="xs" c="dimmed">
              {formatTime(result.duration)}
            </Text>
          )}
        </Group>
      </div>
    </Card>
  );
}

function playUnlessSelecting(body: HTMLElement, play: () => void) {
  const selection = window.getSelection();
  if (selection && !selection.isCollapsed && body.contains(selection.anchorNode)) return;
  play();
}
