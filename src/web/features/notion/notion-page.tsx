import { Alert, Anchor, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { emit } from '../../lib/events';
import { sendReviewUpdate } from './api/review-updates';
import { BrowseView } from './components/browse-view';
import { PageView } from './components/page-view';
import { QueueStatus } from './components/queue-status';
import { startReviewQueue } from './model/review-queue';
import { useNotionEntries } from './model/use-entries';

const ReviewView = lazy(() => import('./components/review-view').then((m) => ({ default: m.ReviewView })));
// Spec §2: the Executor loads lazily, and SQLite's WebAssembly with it (only on /notion/sql).
const ExecutorView = lazy(() => import('./executor/executor-view').then((m) => ({ default: m.ExecutorView })));

const modes = [
  { value: 'pages', label: 'Browse' },
  { value: 'review', label: 'Review' },
  { value: 'sql', label: 'Executor' },
];

/** MyNotion (spec §2 /notion/:mode): browse, a page, review, the SQL executor. */
export function NotionPage() {
  const { mode = 'pages' } = useParams();
  const navigate = useNavigate();
  const entries = useNotionEntries();
  const [search, setSearch] = useState('');

  // Review-time updates waiting in IndexedDB are sent while MyNotion is open.
  useEffect(() => startReviewQueue(sendReviewUpdate), []);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    emit('open-notion-search', { query: search.trim() });
  };

  const actions = (
    // On a phone the actions take their own line under the heading instead of squeezing it.
    <Group gap="xs" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
      <form role="search" aria-label="notes" onSubmit={submitSearch} style={{ flex: '1 1 180px', minWidth: 0 }}>
        <TextInput
          aria-label="search notes"
          placeholder="search notes"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          lang="ja"
        />
      </form>
      <SegmentedControl aria-label="MyNotion view" value={modes.some((item) => item.value === mode) ? mode : 'pages'} data={modes} onChange={(value) => navigate(`/notion/${value}`)} />
    </Group>
  );

  return (
    <PageFrame actions={actions}>
      <QueueStatus />
      {entries.length === 0 ? (
        <Alert color="blue" title="No Notion database yet" role="status">
          <Text size="sm">
            Add a database in <Anchor component={Link} to="/settings#notion">Settings → Notion</Anchor> (add configuration): your integration&apos;s token and the
            database id. Share the database with the integration in Notion (database ⋯ → Connections).
          </Text>
        </Alert>
      ) : mode === 'page' ? (
        <PageView entries={entries} />
      ) : mode === 'review' ? (
        <Suspense fallback={<Text c="dimmed">Loading review…</Text>}>
          <ReviewView entries={entries} />
        </Suspense>
      ) : mode === 'sql' ? (
        <Suspense fallback={<Text c="dimmed">Loading the executor…</Text>}>
          <ExecutorView entries={entries} />
        </Suspense>
      ) : (
        <BrowseView entries={entries} />
      )}
    </PageFrame>
  );
}
