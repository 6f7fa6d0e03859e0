import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { DictKanjiCard, DictKanjiEntry, DictKanjiStat } from '../../../../common/dictionaries';
import type { KeysOf } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import classes from './kanji-card.module.css';
import type { Words } from './pos-names';

/** The categories Yomitan's kanji dictionaries put their stats in, named in the interface language; others show as written. */
const knownCategories = new Set(['misc', 'code', 'index', 'class']);

function categoryName(t: Words, category: string): string {
  return knownCategories.has(category) ? t(`kanji.category.${category}` as KeysOf<typeof catalogue>) : category;
}

/** The first stat of that name any kanji dictionary gives (`strokes`, `grade`, `jlpt`, `freq`). */
function stat(entries: DictKanjiEntry[], name: string): DictKanjiStat | undefined {
  for (const entry of entries) for (const stats of Object.values(entry.stats)) for (const found of stats) if (found.name.toLowerCase() === name) return found;
  return undefined;
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={classes.fact} data-wide={wide || undefined}>
      <dt className={classes.term}>{label}</dt>
      {/* Named by its term for assistive tools that do not pair dt with dd. */}
      <dd aria-label={label} className={classes.value}>
        {children}
      </dd>
    </div>
  );
}

const missing = '—';

/**
 * A kanji's card: the character large; its meanings, on and kun readings, strokes, grade, JLPT
 * level and frequency; then every kanji dictionary's stats grouped by their categories.
 */
export function KanjiCard({ card }: { card: DictKanjiCard }) {
  const t = useT(catalogue);
  const [first] = card.entries;
  const strokes = stat(card.entries, 'strokes');
  const grade = stat(card.entries, 'grade');
  const jlpt = stat(card.entries, 'jlpt');
  const frequency = stat(card.entries, 'freq');
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={t('kanji.label', { character: card.character })}>
      <Group align="flex-start" gap="md" wrap="nowrap" className={classes.top}>
        <Text component="div" lang="ja" translate="no" className={classes.character} aria-hidden>
          {card.character}
        </Text>
        <dl className={classes.facts}>
          <Fact label={t('kanji.meanings')} wide>
            <span translate="no">{first?.meanings.join('; ') || missing}</span>
          </Fact>
          <Fact label={t('kanji.on')} wide>
            <span lang="ja" translate="no">
              {first?.onyomi.join('、') || missing}
            </span>
          </Fact>
          <Fact label={t('kanji.kun')} wide>
            <span lang="ja" translate="no">
              {first?.kunyomi.join('、') || missing}
            </span>
          </Fact>
          <Fact label={t('kanji.strokes')}>{strokes?.value ?? missing}</Fact>
            <Fact label={t('kanji.grade')}>{grade?.value ?? missing}</Fact>
            <Fact label={t('kanji.jlpt')}>{jlpt?.value ?? missing}</Fact>
            <Fact label={t('kanji.frequency')} wide={card.frequencies.length > 0}>
              {card.frequencies.length > 0 ? (
                <Group gap={4} wrap="wrap" component="span">
                  {card.frequencies.map((found, index) => (
                    <Badge key={`${found.dictionary}:${index}`} variant="light" color="grape" size="sm" tt="none" translate="no">
                      {`${found.title}: ${found.displayValue ?? found.value}`}
                    </Badge>
                  ))}
                </Group>
              ) : (
                (frequency?.value ?? missing)
              )}
            </Fact>
        </dl>
      </Group>
      <Stack gap="xs" mt="sm">
        {card.entries.map((entry, index) => (
          <KanjiDictionary key={entry.dictionary} entry={entry} showReadings={index > 0} t={t} />
        ))}
      </Stack>
    </Card>
  );
}

/** One kanji dictionary's part: its title, its own readings and meanings when it is not the first, its stats by category. */
function KanjiDictionary({ entry, showReadings, t }: { entry: DictKanjiEntry; showReadings: boolean; t: Words }) {
  const headingId = useId();
  const categories = Object.entries(entry.stats).filter(([, stats]) => stats.length > 0);
  return (
    <section aria-labelledby={headingId} className={classes.dictionary}>
      <Title order={4} id={headingId} className={classes.dictionaryTitle} translate="no">
        {entry.title}
      </Title>
      {showReadings ? (
        <Text size="sm" translate="no">
          <span lang="ja">{[...entry.onyomi, ...entry.kunyomi].join('、')}</span>
          {entry.meanings.length > 0 ? ` — ${entry.meanings.join('; ')}` : null}
        </Text>
      ) : null}
      {entry.tags.length > 0 ? (
        <Group gap={4} mt={2}>
          {entry.tags.map((tag) => (
            <Badge key={tag.name} variant="outline" color="gray" size="xs" tt="none" title={tag.notes || undefined} translate="no">
              {tag.name}
            </Badge>
          ))}
        </Group>
      ) : null}
      {categories.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={4}>
          {categories.map(([category, stats]) => (
            <Table key={category} withTableBorder={false} verticalSpacing={2} horizontalSpacing={6} fz="xs" className={classes.stats}>
              <Table.Caption className={classes.caption}>{categoryName(t, category)}</Table.Caption>
              <Table.Tbody>
                {[...stats]
                  .sort((a, b) => a.order - b.order)
                  .map((found) => (
                    <Table.Tr key={found.name}>
                      <Table.Th scope="row" fw={400} c="dimmed" translate="no">
                        {found.label || found.name}
                      </Table.Th>
                      <Table.Td translate="no">{found.value}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          ))}
        </SimpleGrid>
      ) : null}
    </section>
  );
}
