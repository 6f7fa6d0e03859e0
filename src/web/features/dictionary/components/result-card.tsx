import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconVolume } from '@tabler/icons-react';
import type { DictDeinflection, DictEntry, DictSense } from '../../../../common/dict';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { copyText } from '../../../lib/secure-context';
import { speak } from '../../../lib/speech/speech';
import { catalogue } from '../i18n';
import classes from './dictionary.module.css';
import { DefinitionGroups, TagBadge, termTags } from './definition-groups';
import { ruleName } from './deinflection-rules';
import { FrequencyBadges } from './frequency-badges';
import { meaningText } from './glossary-text';
import { useLookUp } from './look-up';
import { PitchAccents } from './pitch-accent';
import { posName, type Words } from './pos-names';

/** "食べた ← past of 食べる", the conjugations named in the interface language. */
export function describeDeinflection(t: Words, deinflection: DictDeinflection): string {
  return t('deinflection', { from: deinflection.from, rules: deinflection.rules.map((rule) => ruleName(t, rule)).join(' + '), to: deinflection.to });
}

/** The headword a card is for: the one the dictionaries group by, else EDICT's first spelling or reading. */
export function primaryForm(entry: DictEntry): string {
  return entry.term || entry.headwords[0]?.text || entry.readings[0]?.text || '';
}

/** The reading shown beside the headword ('' for a kana word). */
export function readingOf(entry: DictEntry): string {
  if (entry.term !== undefined) return entry.reading && entry.reading !== entry.term ? entry.reading : '';
  return entry.headwords.length > 0 ? entry.readings.map((form) => form.text).join('・') : '';
}

/** One line for the clipboard: 食べる【たべる】 to eat; to live on (e.g. a salary) */
export function entryAsText(entry: DictEntry): string {
  const reading = readingOf(entry);
  return `${primaryForm(entry)}${reading ? `【${reading}】` : ''} ${meaningText(entry)}`;
}

const kanjiCharacter = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]$/u;

/** The headword with each kanji a button that looks it up (its kanji card). */
function Headword({ text }: { text: string }) {
  const t = useT(catalogue);
  const lookUp = useLookUp();
  return (
    <>
      {[...text].map((character, index) =>
        kanjiCharacter.test(character) ? (
          <button key={index} type="button" className={classes.kanjiLink} title={t('kanji.open', { character })} onClick={() => lookUp(character)}>
            {character}
          </button>
        ) : (
          character
        ),
      )}
    </>
  );
}

async function copy(t: Words, entry: DictEntry) {
  if (await copyText(entryAsText(entry))) toast(t('entry.copied', { word: primaryForm(entry) }), 'success');
  else toast(t('entry.copyRefused'), 'error');
}

export function ResultCard({ entry }: { entry: DictEntry }) {
  const t = useT(catalogue);
  const word = primaryForm(entry);
  const readings = readingOf(entry);
  const otherSpellings = entry.headwords.map((form) => form.text).filter((text) => text !== word);
  const spoken = entry.reading || entry.readings[0]?.text || word;
  const groups = entry.definitions;
  const tags = groups ? termTags(groups) : [];
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={word}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" align="baseline" wrap="wrap">
            <Text component="h3" fz={24} fw={600} lang="ja" m={0} style={{ lineHeight: 1.2 }} translate="no">
              <Headword text={word} />
            </Text>
            {readings ? (
              <Text c="dimmed" lang="ja" translate="no">
                {readings}
              </Text>
            ) : null}
            {/* Cyan: Mantine's light teal badge is 4.3:1 in the light scheme, cyan 4.8:1. */}
            {entry.common ? (
              <Badge color="cyan" variant="light" size="sm" title={t('entry.commonTitle')}>
                {t('entry.common')}
              </Badge>
            ) : null}
            {tags.map((tag) => (
              <TagBadge key={tag.name} tag={tag} />
            ))}
          </Group>
          {entry.frequencies?.length ? <FrequencyBadges frequencies={entry.frequencies} reading={entry.reading} /> : null}
          {entry.pitches?.length ? <PitchAccents pitches={entry.pitches} reading={entry.reading ?? spoken} /> : null}
          {otherSpellings.length > 0 ? (
            <Text size="sm" c="dimmed" lang="ja">
              {t('entry.also', { spellings: otherSpellings.join('、') })}
            </Text>
          ) : null}
          {entry.deinflection ? (
            <Text size="sm" lang="ja" className={classes.deinflection} data-testid="deinflection">
              {describeDeinflection(t, entry.deinflection)}
            </Text>
          ) : null}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('entry.speak')} withArrow>
            <ActionIcon variant="subtle" aria-label={t('entry.speak')} onClick={() => void speak(spoken, 'ja')}>
              <IconVolume size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('entry.copy')} withArrow>
            <ActionIcon variant="subtle" aria-label={t('entry.copy')} onClick={() => void copy(t, entry)}>
              <IconCopy size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {groups ? <DefinitionGroups groups={groups} /> : <Senses senses={entry.senses} t={t} />}
    </Card>
  );
}

function Senses({ senses, t }: { senses: DictSense[]; t: Words }) {
  let previousPos = '';
  return (
    <ol style={{ margin: '8px 0 0', paddingInlineStart: senses.length > 1 ? 22 : 0, listStyle: senses.length > 1 ? 'decimal' : 'none' }}>
      {senses.map((sense, index) => {
        // EDICT repeats the part of speech on every sense; show it when it changes.
        const pos = sense.pos.join(',');
        const showPos = pos !== previousPos;
        previousPos = pos;
        return (
          <li key={index} style={{ marginBottom: 2 }}>
            <Text size="sm" span>
              {showPos
                ? sense.pos.map((code) => {
                    const name = posName(t, code);
                    // A code without a name is EDICT's own, shown as written (its title too).
                    return (
                      <Badge key={code} variant="default" size="xs" mr={4} tt="none" title={t('pos.title', { code })} translate={name === null ? 'no' : undefined}>
                        {name ?? code}
                      </Badge>
                    );
                  })
                : null}
              {/* EDICT's tags and the glosses: the dictionary's own words. */}
              <span translate="no">
                {sense.misc.map((tag) => (
                  <Badge key={tag} variant="outline" color="gray" size="xs" mr={4} tt="none">
                    {tag}
                  </Badge>
                ))}
                {sense.glosses.join('; ')}
              </span>
            </Text>
          </li>
        );
      })}
    </ol>
  );
}
