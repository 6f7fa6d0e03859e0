import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { DictDefinitionGroup, DictTag, DictTermDefinition, Glossary } from '../../../../common/dictionaries';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import classes from './dictionary.module.css';
import { useLookUp } from './look-up';
import { posName, type Words } from './pos-names';
import { GlossaryImage, StructuredContentView } from './structured-content';

/** Tag colours by Yomitan's tag categories; any other category is plain. */
const categoryColors: Record<string, string> = { popular: 'cyan', frequent: 'cyan', archaism: 'gray', dictionary: 'indigo', name: 'orange', expression: 'teal' };

/**
 * A tag as its dictionary wrote it, its notes on hover; a part of speech the app knows by its
 * code (`v1`, `n`) is named in the interface language, the dictionary's notes still on hover.
 */
export function TagBadge({ tag }: { tag: DictTag }) {
  const t = useT(catalogue);
  const named = tag.category === 'partOfSpeech' ? posName(t, tag.name) : null;
  return (
    <Badge
      variant={tag.category === 'partOfSpeech' ? 'default' : 'outline'}
      color={categoryColors[tag.category] ?? 'gray'}
      size="xs"
      tt="none"
      mr={4}
      title={tag.notes || undefined}
      translate={named === null ? 'no' : undefined}
      data-category={tag.category || undefined}
    >
      {named ?? tag.name}
    </Badge>
  );
}

function GlossaryItem({ glossary, dictionary, t }: { glossary: Glossary; dictionary: string; t: Words }) {
  const lookUp = useLookUp();
  if (typeof glossary === 'string') return <span className={classes.gloss}>{glossary}</span>;
  if (Array.isArray(glossary)) {
    // Form-of: this spelling is an inflection of another term, which is one click away.
    const [term, rules] = glossary;
    return (
      <span className={classes.gloss}>
        {t('formOf', { rules: rules.join(' + ') || '∅' })}{' '}
        <Anchor
          component="button"
          type="button"
          lang="ja"
          onClick={() => lookUp(term)}
          translate="no"
        >
          {term}
        </Anchor>
      </span>
    );
  }
  if (glossary.type === 'text') return <span className={classes.gloss}>{glossary.text}</span>;
  if (glossary.type === 'image') return <GlossaryImage image={glossary} dictionary={dictionary} />;
  if (glossary.type === 'structured-content') {
    return (
      <div className={classes.structured}>
        <StructuredContentView content={glossary.content} dictionary={dictionary} />
      </div>
    );
  }
  return null;
}

function Definition({ definition, dictionary, t }: { definition: DictTermDefinition; dictionary: string; t: Words }) {
  const plain = definition.glossary.every((glossary) => typeof glossary === 'string' || (!Array.isArray(glossary) && glossary.type === 'text'));
  return (
    <>
      {definition.tags.map((tag) => (
        <TagBadge key={`${tag.category}:${tag.name}`} tag={tag} />
      ))}
      {plain ? (
        // Plain glosses read as one line, as EDICT's always have.
        <span className={classes.gloss}>{definition.glossary.map((glossary) => (typeof glossary === 'string' ? glossary : (glossary as { text: string }).text)).join('; ')}</span>
      ) : (
        definition.glossary.map((glossary, index) => <GlossaryItem key={index} glossary={glossary} dictionary={dictionary} t={t} />)
      )}
    </>
  );
}

/** One dictionary's definitions of the word, under its title, wrapped so that its own styles reach only them. */
export function DefinitionGroup({ group }: { group: DictDefinitionGroup }) {
  const t = useT(catalogue);
  const headingId = useId();
  const several = group.definitions.length > 1;
  return (
    <section aria-labelledby={headingId} className={classes.group}>
      <Title order={4} id={headingId} className={classes.groupTitle} translate="no">
        {group.title}
      </Title>
      {/* The dictionary's own words: its language, never translated by the browser. */}
      <div data-dictionary={group.dictionary} className={classes.entries} translate="no">
        <ol className={classes.definitions} data-numbered={several || undefined}>
          {group.definitions.map((definition, index) => (
            <li key={index}>
              <Text size="sm" component="div">
                <Definition definition={definition} dictionary={group.dictionary} t={t} />
              </Text>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function DefinitionGroups({ groups }: { groups: DictDefinitionGroup[] }) {
  return (
    <Stack gap={6} mt={8}>
      {groups.map((group) => (
        <DefinitionGroup key={group.dictionary} group={group} />
      ))}
    </Stack>
  );
}

/** The term tags of every dictionary (column 8: `P`, `ichi1`, …), once each. */
export function termTags(groups: DictDefinitionGroup[]): DictTag[] {
  const seen = new Map<string, DictTag>();
  for (const group of groups) for (const definition of group.definitions) for (const tag of definition.termTags) if (!seen.has(tag.name)) seen.set(tag.name, tag);
  return [...seen.values()];
}
