import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconVolume } from '@tabler/icons-react';
import { describeDeinflection, type DictEntry, type DictSense } from '../../../../common/dict';
import { toast } from '../../../lib/notify';
import { speak } from '../../../lib/speech/speech';

/** Plain words for the EDICT part-of-speech codes a learner meets most; the rest show as codes. */
const posNames: Record<string, string> = {
  n: 'noun',
  'n-adv': 'adverbial noun',
  'n-suf': 'noun suffix',
  'n-pref': 'noun prefix',
  'n-t': 'temporal noun',
  v1: 'ichidan verb',
  v5: 'godan verb',
  'v5k-s': 'godan verb (iku)',
  vk: 'kuru verb',
  vs: 'suru verb',
  'vs-i': 'suru verb',
  'vs-s': 'suru verb',
  vi: 'intransitive',
  vt: 'transitive',
  'adj-i': 'i-adjective',
  'adj-ix': 'i-adjective (yoi/ii)',
  'adj-na': 'na-adjective',
  'adj-no': 'no-adjective',
  'adj-pn': 'pre-noun adjectival',
  'adj-t': 'taru adjective',
  'adj-f': 'prenominal',
  adv: 'adverb',
  'adv-to': 'adverb (to)',
  exp: 'expression',
  int: 'interjection',
  conj: 'conjunction',
  ctr: 'counter',
  pn: 'pronoun',
  prt: 'particle',
  pref: 'prefix',
  suf: 'suffix',
  aux: 'auxiliary',
  'aux-v': 'auxiliary verb',
  'aux-adj': 'auxiliary adjective',
  num: 'numeric',
  unc: 'unclassified',
};

const posName = (code: string) => posNames[code] ?? (code.startsWith('v5') ? 'godan verb' : code);

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

async function copy(entry: DictEntry) {
  try {
    await navigator.clipboard.writeText(entryAsText(entry));
    toast(`Copied ${primaryForm(entry)}`, 'success');
  } catch {
    toast('Copying was refused by the browser.', 'error');
  }
}

export function ResultCard({ entry }: { entry: DictEntry }) {
  const word = primaryForm(entry);
  const readings = entry.headwords.length > 0 ? entry.readings.map((form) => form.text).join('・') : '';
  const otherSpellings = entry.headwords.slice(1).map((form) => form.text);
  const spoken = entry.readings[0]?.text ?? word;
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={word}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" align="baseline" wrap="wrap">
            <Text component="h3" fz={24} fw={600} lang="ja" m={0} style={{ lineHeight: 1.2 }}>
              {word}
            </Text>
            {readings ? (
              <Text c="dimmed" lang="ja">
                {readings}
              </Text>
            ) : null}
            {entry.common ? (
              <Badge color="teal" variant="light" size="sm" title="common word (EDICT (P))">
                common
              </Badge>
            ) : null}
          </Group>
          {otherSpellings.length > 0 ? (
            <Text size="sm" c="dimmed" lang="ja">
              also {otherSpellings.join('、')}
            </Text>
          ) : null}
          {entry.deinflection ? (
            <Text size="sm" c="blue.7" lang="ja" data-testid="deinflection">
              {describeDeinflection(entry.deinflection)}
            </Text>
          ) : null}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="speak" withArrow>
            <ActionIcon variant="subtle" aria-label="speak" onClick={() => void speak(spoken, 'ja')}>
              <IconVolume size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="copy" withArrow>
            <ActionIcon variant="subtle" aria-label="copy" onClick={() => void copy(entry)}>
              <IconCopy size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Senses senses={entry.senses} />
    </Card>
  );
}

function Senses({ senses }: { senses: DictSense[] }) {
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
                ? sense.pos.map((code) => (
                    <Badge key={code} variant="default" size="xs" mr={4} tt="none" title={code}>
                      {posName(code)}
                    </Badge>
                  ))
                : null}
              {sense.misc.map((tag) => (
                <Badge key={tag} variant="outline" color="gray" size="xs" mr={4} tt="none">
                  {tag}
                </Badge>
              ))}
              {sense.glosses.join('; ')}
            </Text>
          </li>
        );
      })}
    </ol>
  );
}
