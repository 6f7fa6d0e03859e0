import { Alert, Anchor, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { emit } from '../../lib/events';
import { RichText } from '../../lib/i18n/rich-text';
import { useT } from '../../lib/i18n/use-t';
import { useAfterPaint } from '../../lib/use-after-paint';
import { useNotionEntries } from './model/use-entries';
import { catalogue } from './i18n';
import { untilLoaded } from '../../lib/until-loaded';

// Every view, and the review queue with its IndexedDB (dexie), loads after the screen's first paint,
// and only with a database set up: without one the screen is the notice below (decision 0014).
const BrowseView = lazy(() => untilLoaded(() => import('./components/browse-view')).then((m) => ({ default: m.BrowseView })));
const PageView = lazy(() => untilLoaded(() => import('./components/page-view')).then((m) => ({ default: m.PageView })));
const QueueStatus = lazy(() => untilLoaded(() => import('./components/queue-status')).then((m) => ({ default: m.QueueStatus })));
const ReviewView = lazy(() => untilLoaded(() => import('./components/review-view')).then((m) => ({ default: m.ReviewView })));
// docs/behaviour.md "Shell": the Executor loads lazily, and SQLite's WebAssembly with it (only on
// /notion/sql).
const ExecutorView = lazy(() => untilLoaded(() => import('./executor/executor-view')).then((m) => ({ default: m.ExecutorView })));

const modes = ['pages', 'review', 'sql'] as const;

/** MyNotion (docs/on-screen-names.md "Routes and titles", /notion/:mode): browse, a page, review, the SQL executor. */
export function NotionPage() {
  const t = useT(catalogue);
  const { mode = 'pages' } = useParams();
  const navigate = useNavigate();
  const entries = useNotionEntries();
  const [search, setSearch] = useState('');
  const painted = useAfterPaint();

  // Review-time updates waiting in IndexedDB are sent while MyNotion is open with a database set
  // up: without one there is no token to send them with, and they wait for it.
  const hasEntries = entries.length > 0;
  useEffect(() => {
    if (!painted || !hasEntries) return;
    let stop: (() => void) | undefined;
    let left = false;
    void Promise.all([import('./model/review-queue'), import('./api/review-updates')]).then(([queue, updates]) => {
      if (!left) stop = queue.startReviewQueue(updates.sendReviewUpdate);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [painted, hasEntries]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    emit('open-notion-search', { query: search.trim() });
  };

  const actions = (
    // On a phone the actions take their own line under the heading instead of squeezing it.
    <Group gap="xs" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
      <form role="search" aria-label={t('notes.form')} onSubmit={submitSearch} style={{ flex: '1 1 180px', minWidth: 0 }}>
        <TextInput
          aria-label={t('notes.search')}
          placeholder={t('notes.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          lang="ja"
        />
      </form>
      <SegmentedControl
        aria-label={t('mode.label')}
        value={(modes as readonly string[]).includes(mode) ? mode : 'pages'}
        data={modes.map((value) => ({ value, label: t(`mode.${value}`) }))}
        onChange={(value) => navigate(`/notion/${value}`)}
      />
    </Group>
  );

  return (
    <PageFrame actions={actions}>
      {painted && hasEntries && (
        <Suspense fallback={null}>
          <QueueStatus />
        </Suspense>
      )}
      {entries.length === 0 ? (
        <Alert color="blue" title={t('empty.title')} role="status">
          <Text size="sm">
            <RichText
              text={t('empty.body')}
              parts={{
                link: (words) => (
                  <Anchor component={Link} to="/settings#notion">
                    {words}
                  </Anchor>
                ),
              }}
            />
          </Text>
        </Alert>
      ) : mode === 'page' ? (
        <Suspense fallback={null}>
          <PageView entries={entries} />
        </Suspense>
      ) : mode === 'review' ? (
        <Suspense fallback={<Text c="dimmed">{t('loading.review')}</Text>}>
          <ReviewView entries={entries} />
        </Suspense>
      ) : mode === 'sql' ? (
        <Suspense fallback={<Text c="dimmed">{t('loading.executor')}</Text>}>
          <ExecutorView entries={entries} />
        </Suspense>
      ) : (
        <Suspense fallback={null}>
          <BrowseView entries={entries} />
        </Suspense>
      )}
    </PageFrame>
  );
}
