import { Alert, Badge, Button, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { gradeRow, undoGrade } from '../api/grading';
import { catalogue } from '../i18n';
import { dueOrder, storedCards } from '../model/due';
import type { NotionEntry } from '../model/entries';
import type { Grade } from '../model/fsrs';
import { notionDb } from '../model/notion-db';
import { initialReviewState, reviewReducer } from '../model/review-session';
import { columnOrder, pageTitle, propertyText, titlePropertyName } from '../model/properties';
import { useRows } from '../model/use-rows';
import { ReviewNotice } from './review-notice';
import { ReviewStats } from './review-stats';
import { EntryTabs, useChosenEntry } from './entry-tabs';
import classes from './notion.module.css';
import { PropertyList } from './property-value';
import { WordActions } from './word-actions';
import { Furigana } from '../../../components/furigana/furigana';
import { FuriganaToggle } from '../../../components/furigana/furigana-toggle';
import { FuriganaScope } from './furigana-scope';

export function ReviewView({ entries }: { entries: NotionEntry[] }) {
  const [entry, choose] = useChosenEntry(entries);
  return (
    <Stack gap="sm">
      <EntryTabs entries={entries} chosen={entry} onChoose={choose} />
      {entry ? <ReviewSession key={entry.id} entry={entry} /> : null}
    </Stack>
  );
}

/** A due date (YYYY-MM-DD) as the interface language writes a date. */
function dueText(due: string): string {
  const [year, month, day] = due.split('-').map(Number);
  return formatDate(new Date(year, month - 1, day));
}

function ReviewSession({ entry }: { entry: NotionEntry }) {
  const t = useT(catalogue);
  const rows = useRows(entry, { all: true });
  const [state, dispatch] = useReducer(reviewReducer, undefined, () => initialReviewState(Date.now()));
  const { cards, changed, order, position, shown, shownAt, last, undoable, undoNote, version } = state;

  useEffect(() => {
    void storedCards().then((stored) => dispatch({ type: 'cards-read', cards: stored }));
  }, []);
  const allRows = useMemo(() => (changed.size ? rows.rows.map((row) => changed.get(row.id) ?? row) : rows.rows), [rows.rows, changed]);

  // The session is built once the rows are in (from the cache, or Notion when nothing is cached).
  if (order === null && cards && rows.rows.length && (!rows.loading || rows.source === 'cache')) {
    dispatch({ type: 'start', order: dueOrder(rows.rows, entry, cards).map((row) => row.id), now: Date.now() });
  }

  const byId = useMemo(() => new Map(allRows.map((row) => [row.id, row])), [allRows]);
  const current = order && position < order.length ? byId.get(order[position]) : undefined;

  // The undo button shows until the grade's PATCH is due to go out.
  useEffect(() => {
    if (!last?.sendsAt) return;
    const timer = setTimeout(() => dispatch({ type: 'undo-window-closed' }), Math.max(0, last.sendsAt - Date.now()));
    return () => clearTimeout(timer);
  }, [last]);

  /**
   * One grade or undo at a time, on the word on screen: `at` follows the position as soon as it
   * is set, so a key pressed before the screen catches up cannot act on the same word twice.
   */
  const busy = useRef(false);
  const at = useRef(0);
  const once = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } finally {
      busy.current = false;
    }
  }, []);

  const grade = useCallback(
    (value: Grade) =>
      once(async () => {
        if (!current || at.current !== position) return;
        const result = await gradeRow(entry, current, value, { shownAt });
        const fresh = await notionDb().rows.get(current.key);
        at.current = position + 1;
        dispatch({
          type: 'graded',
          row: fresh,
          card: { pageId: current.id, ...result.card },
          last: { word: pageTitle(current), grade: value, due: result.due, days: result.days, undo: result.undo, sendsAt: result.sendsAt },
          now: Date.now(),
        });
      }),
    [current, position, entry, shownAt, once],
  );

  const undo = useCallback(
    () =>
      once(async () => {
        if (!last || at.current !== position || (last.sendsAt && Date.now() >= last.sendsAt)) return;
        if (!(await undoGrade(last.undo))) {
          dispatch({ type: 'undo-refused' });
          return;
        }
        at.current = Math.max(0, position - 1);
        dispatch({ type: 'undone', now: Date.now() });
      }),
    [last, position, once],
  );

  // The keys act on what is on screen: the handlers are swapped in as the screen commits, not after.
  const keys = useRef({ shown, grade, undo });
  useLayoutEffect(() => {
    keys.current = { shown, grade, undo };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { shown, grade, undo } = keys.current;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === ' ' && !shown) {
        event.preventDefault();
        dispatch({ type: 'show-answer' });
      } else if (shown && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault();
        void grade(Number(event.key) as Grade);
      } else if (event.key === 'u' || event.key === 'U') {
        event.preventDefault();
        void undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (rows.error && !rows.rows.length) {
    return (
      <Alert color="red" role="alert" title={t('rows.error')}>
        {rows.error}
      </Alert>
    );
  }
  if (order === null || !cards) {
    return (
      <Text c="dimmed" role="status">
        {rows.loading ? (rows.fetched ? t('review.loadingFetched', { fetched: formatNumber(rows.fetched) }) : t('review.loading')) : t('rows.empty')}
      </Text>
    );
  }
  const remaining = order.length - position;
  const title = current ? titlePropertyName(current.properties) : undefined;
  const word = current ? pageTitle(current) : '';
  const answer = current ? columnOrder(current.properties).filter((name) => name !== title && propertyText(current.properties[name]) !== '') : [];

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" role="status" aria-label={t('review.progress')}>
          {remaining > 0 ? t('review.due', { count: formatNumber(remaining) }) : t('review.nothingDue')}
        </Text>
        <Group gap="xs" wrap="wrap">
          <FuriganaToggle />
          {last ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('review.last', { word: last.word, grade: t(`review.grade.${last.grade}`), due: dueText(last.due), days: last.days })}
            </Text>
          ) : undoNote ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {undoNote.kind === 'undone' ? t('review.undone', { word: undoNote.word }) : t('review.undoTooLate')}
            </Text>
          ) : null}
          {last && undoable ? (
            <Button size="compact-sm" variant="default" onClick={() => void undo()}>
              {t('review.undo')}{' '}
              <Kbd ml={6} size="xs">
                {t('review.undoKey')}
              </Kbd>
            </Button>
          ) : null}
        </Group>
      </Group>
      <ReviewNotice entry={entry} rows={rows.rows} />
      {current ? (
        <Paper withBorder radius="md" p="lg" component="article" aria-label={t('review.card')} maw={680} w="100%" mx="auto">
          <Stack gap="md">
            <div className={classes.reviewCard}>
              <Group gap="xs" justify="center" wrap="nowrap">
                <div className={classes.reviewWord} lang="ja" translate={word ? 'no' : undefined} data-furigana-line>
                  {word ? <Furigana text={word} /> : t('untitled')}
                </div>
                <WordActions word={word} />
              </Group>
            </div>
            {shown ? (
              <FuriganaScope value>
                <PropertyList properties={current.properties} names={answer} label={t('review.answer')} />
              </FuriganaScope>
            ) : null}
            {shown ? (
              <Group justify="center" gap="xs" wrap="wrap">
                {([1, 2, 3, 4] as Grade[]).map((value) => (
                  <Button
                    key={value}
                    variant={value === 3 ? 'filled' : 'light'}
                    color={value === 1 ? 'red' : value === 4 ? 'green' : undefined}
                    classNames={value === 4 ? { label: classes.onTint } : undefined}
                    onClick={() => void grade(value)}
                  >
                    {t(`review.grade.${value}`)} <Kbd ml={6} size="xs">{value}</Kbd>
                  </Button>
                ))}
              </Group>
            ) : (
              <Group justify="center">
                <Button onClick={() => dispatch({ type: 'show-answer' })}>
                  {t('review.showAnswer')}{' '}
                  <Kbd ml={6} size="xs">
                    {t('key.space')}
                  </Kbd>
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs" align="center">
            <Badge color="green" variant="light" classNames={{ label: classes.onTint }}>
              {t('review.done')}
            </Badge>
            <Text>{t('review.allDone')}</Text>
            <Button variant="light" onClick={() => {
                at.current = 0;
                dispatch({ type: 'review-all', order: rows.rows.map((row) => row.id), now: Date.now() });
              }}>
              {t('review.all')}
            </Button>
          </Stack>
        </Paper>
      )}
      <ReviewStats entry={entry} rows={allRows} cards={cards} version={version} />
    </Stack>
  );
}
