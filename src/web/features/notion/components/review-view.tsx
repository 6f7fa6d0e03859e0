import { Alert, Badge, Button, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/use-t';
import { queueDueDate, touchRow } from '../api/review-updates';
import { catalogue } from '../i18n';
import type { NotionEntry } from '../model/entries';
import { notionDb, type CachedRow } from '../model/notion-db';
import { columnOrder, pageTitle, propertyDate, propertyText, titlePropertyName } from '../model/properties';
import { duePropertyFor, kick, reviewPropertyFor } from '../model/review-queue';
import { dueDate, inferState, schedule, type Grade } from '../model/sm2';
import { useRows } from '../model/use-rows';
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

const endOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
};

/**
 * Rows due first: no due date or a due date up to today, oldest review time first (never
 * reviewed before all). The order is fixed when the session starts, so grading does not reshuffle.
 */
export function dueOrder(rows: CachedRow[], entry: NotionEntry): CachedRow[] {
  const limit = endOfToday();
  const keyed = rows.map((row) => {
    const reviewName = reviewPropertyFor(entry.reviewProperty, row.properties);
    const dueName = duePropertyFor(entry.dueProperty, row.properties, reviewName);
    const reviewed = reviewName ? propertyDate(row.properties[reviewName]) : null;
    const due = dueName ? propertyDate(row.properties[dueName]) : null;
    return { row, reviewed: reviewed?.getTime() ?? -Infinity, isDue: !due || due.getTime() < limit };
  });
  return keyed
    .filter((item) => item.isDue)
    .sort((a, b) => a.reviewed - b.reviewed || a.row.order - b.row.order)
    .map((item) => item.row);
}

/** The last grade given, shown in the active language (re-worded on a switch). */
interface LastGrade {
  word: string;
  grade: Grade;
  /** YYYY-MM-DD, local calendar. */
  due: string;
  days: number;
}

/** A due date (YYYY-MM-DD) as the interface language writes a date. */
function dueText(due: string): string {
  const [year, month, day] = due.split('-').map(Number);
  return formatDate(new Date(year, month - 1, day));
}

function ReviewSession({ entry }: { entry: NotionEntry }) {
  const t = useT(catalogue);
  const rows = useRows(entry, { all: true });
  const [order, setOrder] = useState<string[] | null>(null);
  const [position, setPosition] = useState(0);
  const [shown, setShown] = useState(false);
  const [last, setLast] = useState<LastGrade | null>(null);

  // The session is built once the rows are in (from the cache, or Notion when nothing is cached).
  useEffect(() => {
    if (order === null && rows.rows.length && (!rows.loading || rows.source === 'cache')) {
      setOrder(dueOrder(rows.rows, entry).map((row) => row.id));
    }
  }, [order, rows.rows, rows.source, rows.loading, entry]);

  const byId = useMemo(() => new Map(rows.rows.map((row) => [row.id, row])), [rows.rows]);
  const current = order && position < order.length ? byId.get(order[position]) : undefined;

  const grade = useCallback(
    async (value: Grade) => {
      if (!current) return;
      const reviewName = reviewPropertyFor(entry.reviewProperty, current.properties);
      const dueName = duePropertyFor(entry.dueProperty, current.properties, reviewName);
      const stored = await notionDb().reviews.get(current.id);
      const previous = stored ?? inferState(reviewName ? propertyDate(current.properties[reviewName]) : null, dueName ? propertyDate(current.properties[dueName]) : null);
      const next = schedule(previous, value);
      const now = new Date();
      await notionDb().reviews.put({ pageId: current.id, reviewedAt: now.getTime(), ...next });
      const due = dueDate(now, next.interval);
      if (entry.updateReviewTime) {
        if (dueName) await queueDueDate(entry, current.id, dueName, due);
        const touched = await touchRow(entry, current);
        if (touched.result !== 'queued') kick();
      }
      setLast({ word: pageTitle(current), grade: value, due, days: next.interval });
      setShown(false);
      setPosition((index) => index + 1);
    },
    [current, entry],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === ' ' && !shown) {
        event.preventDefault();
        setShown(true);
      } else if (shown && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault();
        void grade(Number(event.key) as Grade);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, grade]);

  if (rows.error && !rows.rows.length) {
    return (
      <Alert color="red" role="alert" title={t('rows.error')}>
        {rows.error}
      </Alert>
    );
  }
  if (order === null) {
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
        <FuriganaToggle />
        {last ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('review.last', { word: last.word, grade: t(`review.grade.${last.grade}`), due: dueText(last.due), days: last.days })}
          </Text>
        ) : null}
      </Group>
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
                <Button onClick={() => setShown(true)}>
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
            <Button variant="light" onClick={() => (setOrder(rows.rows.map((row) => row.id)), setPosition(0))}>
              {t('review.all')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
