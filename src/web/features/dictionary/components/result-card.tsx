import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconVolume } from '@tabler/icons-react';
import type { DictDeinflection, DictEntry, DictSense } from '../../../../common/dict';
import type { KeysOf } from '../../../lib/i18n/i18n';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { speak } from '../../../lib/speech/speech';
import { catalogue } from '../i18n';
import classes from './dictionary.module.css';
import { ruleName } from './deinflection-rules';

/** Plain words for the EDICT part-of-speech codes a learner meets most (`pos.<code>` in the catalogue); the rest show as codes. */
const posCodes = new Set([
  'n', 'n-adv', 'n-suf', 'n-pref', 'n-t', 'v1', 'v5', 'v5k-s', 'vk', 'vs', 'vs-i', 'vs-s', 'vi', 'vt', 'adj-i', 'adj-ix', 'adj-na', 'adj-no',
  'adj-pn', 'adj-t', 'adj-f', 'adv', 'adv-to', 'exp', 'int', 'conj', 'ctr', 'pn', 'prt', 'pref', 'suf', 'aux', 'aux-v', 'aux-adj', 'num', 'unc',
]);

type Words = Translate<KeysOf<typeof catalogue>>;

/** The part of speech in words, or `null` for a code without a name (shown as the code itself). */
function posName(t: Words, code: string): string | null {
  if (posCodes.has(code)) return t(`pos.${code}` as KeysOf<typeof catalogue>);
  return code.startsWith('v5') ? t('pos.v5') : null;
}

/** "食べた ← past of 食べる", the conjugations named in the interface language. */
export function describeDeinflection(t: Words, deinflection: DictDeinflection): string {
  return t('deinflection', { from: deinflection.from, rules: deinflection.rules.map((rule) => ruleName(t, rule)).join(' + '), to: deinflection.to });
}

export function primaryForm(entry: DictEntry): string {
  return entry.headwords[0]?.text ?? entry.readings[0]?.text ?? '';
}

/** One line for the clipboard: 食べる【たべる】 to eat; to live on (e.g. a salary) */
export function entryAsText(entry: DictEntry): string {
  const word = primaryForm(entry);
  const reading = entry.headwords.length > 0 ? `【${entry.readings.map((form) => form.text).join('・')}】` : '';
  const glosses = entry.senses.map((sense) => sense.glosses.join(', ')).join('; ');
  return `${word}${reading} ${glosses}`;
}

async function copy(t: Words, entry: DictEntry) {
  try {
    await navigator.clipboard.writeText(entryAsText(entry));
    toast(t('entry.copied', { word: primaryForm(entry) }), 'success');
  } catch {
    toast(t('entry.copyRefused'), 'error');
  }
}

export function ResultCard({ entry }: { entry: DictEntry }) {
  const t = useT(catalogue);
  const word = primaryForm(entry);
  const readings = entry.headwords.length > 0 ? entry.readings.map((form) => form.text).join('・') : '';
  const otherSpellings = entry.headwords.slice(1).map((form) => form.text);
  const spoken = entry.readings[0]?.text ?? word;
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={word}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" align="baseline" wrap="wrap">
            <Text component="h3" fz={24} fw={600} lang="ja" m={0} style={{ lineHeight: 1.2 }} translate="no">
              {word}
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
          </Group>
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
      <Senses senses={entry.senses} t={t} />
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
