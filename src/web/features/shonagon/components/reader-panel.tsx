import { CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { SearchItem } from '../../../../common/shonagon';
import { useSentences } from '../api/shonagon-queries';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import classes from './reader-panel.module.css';
import { formatCue, readerRadius, readerStart } from './reader-window';
import { Furigana } from '../../../components/furigana/furigana';

/** The wider context of one result: its neighbouring sentences and, for subtitles, the cue time. */
/** On a phone (`sheet`) the reader is a sheet over the bottom of the screen, so the list keeps its place. */
export function ReaderPanel({ item, onClose, sheet = false }: { item: SearchItem; onClose: () => void; sheet?: boolean }) {
  const from = readerStart(item.sentenceId, item.position);
  const sentences = useSentences(item.docId, from, readerRadius * 2 + 1);
  const t = useT(catalogue);
  return (
    <Paper withBorder radius="md" p="sm" component="aside" aria-label={t('reader.label')} shadow={sheet ? 'lg' : undefined}
      style={
        sheet
          ? { position: 'fixed', left: 8, right: 8, bottom: 8, maxHeight: '42vh', overflowY: 'auto', zIndex: 150 }
          : { position: 'sticky', top: 'calc(var(--app-shell-header-height, 0px) + 12px)' }
      }
    >
      <Group justify="space-between" wrap="nowrap" mb={6} gap="xs">
        <div style={{ minWidth: 0 }} translate="no">
          <Text fw={600} size="sm" truncate>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {[item.media, item.pubYear].filter((v) => v != null && v !== '').join(' · ') || '—'}
          </Text>
        </div>
        <CloseButton aria-label={t('reader.close')} onClick={onClose} />
      </Group>
      {sentences.isPending ? (
        <Loader size="xs" aria-label={t('reader.loading')} />
      ) : sentences.isError ? (
        <Text size="sm" c="red">
          {t('reader.failed')}
        </Text>
      ) : (
        <Stack gap={6} translate="no">
          {sentences.data.map((sentence) => {
            const hit = sentence.sentenceId === item.sentenceId;
            return (
              <Text
                key={sentence.sentenceId}
                size="sm"
                lh={1.7}
                data-hit={hit || undefined}
                data-furigana-line
                className={hit ? classes.hit : classes.context}
                style={hit ? { borderRadius: 4, padding: '2px 4px' } : undefined}
              >
                {sentence.start != null && (
                  <Text span size="xs" c="dimmed" mr={6} ff="monospace">
                    [{formatCue(sentence.start)}
                    {sentence.end != null ? `–${formatCue(sentence.end)}` : ''}]
                  </Text>
                )}
                <Furigana text={sentence.text} />
              </Text>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
