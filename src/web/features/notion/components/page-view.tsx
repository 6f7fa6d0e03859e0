import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { NotionEntry } from '../model/entries';
import { columnOrder, pageTitle } from '../model/properties';
import { usePage } from '../model/use-page';
import { Blocks } from './blocks';
import classes from './notion.module.css';
import { PropertyList } from './property-value';
import { RowAnki } from './row-anki';
import { WordActions } from './word-actions';
import { Furigana } from '../../../components/furigana/furigana';
import { FuriganaToggle } from '../../../components/furigana/furigana-toggle';
import { FuriganaScope } from './furigana-scope';

/** A page shown in the app: its properties (from the cache at once, then Notion) and its blocks. */
export function PageView({ entries }: { entries: NotionEntry[] }) {
  const t = useT(catalogue);
  const titleId = useId();
  const [params] = useSearchParams();
  const entry = entries.find((candidate) => candidate.id === params.get('db')) ?? entries[0];
  const pageId = params.get('id') ?? '';
  const { row, blocks, error } = usePage(entry, pageId);

  if (!entry) return null;
  const title = row ? pageTitle(row) : '';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button component={Link} to={`/notion/pages?db=${encodeURIComponent(entry.id)}`} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} translate="no">
          {entry.name}
        </Button>
        <FuriganaToggle size="md" />
        {row?.url ? (
          <Anchor href={row.url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span">
              {t('page.openInNotion')} <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        ) : null}
      </Group>
      {error ? (
        <Alert color="red" role="alert" title={t('page.error')}>
          {error}
        </Alert>
      ) : null}
      {row ? (
        <Paper withBorder radius="md" p="md" component="article" aria-labelledby={title ? titleId : undefined} aria-label={title ? undefined : t('page.untitled')}>
          <Stack gap="md">
            <Group gap="xs" wrap="nowrap" align="center">
              <Text component="h3" className={classes.word} lang="ja" m={0} style={{ fontSize: '1.8rem' }} id={titleId} translate={title ? 'no' : undefined} data-furigana-line>
                {title ? <Furigana text={title} /> : t('untitled')}
              </Text>
              <WordActions word={title} />
              <RowAnki row={row} entry={entry} />
            </Group>
            <FuriganaScope value>
              <PropertyList properties={row.properties} names={columnOrder(row.properties).slice(1)} label={t('page.properties')} />
            </FuriganaScope>
          </Stack>
        </Paper>
      ) : !error ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">{t('page.loading')}</Text>
        </Group>
      ) : null}
      {blocks ? (
        blocks.length ? (
          <Paper withBorder radius="md" p="md" aria-label={t('page.content')} component="section">
            <FuriganaScope value>
              <Blocks blocks={blocks} />
            </FuriganaScope>
          </Paper>
        ) : null
      ) : row && !error ? (
        <Text c="dimmed" size="sm" role="status">
          {t('page.loadingContent')}
        </Text>
      ) : null}
    </Stack>
  );
}
