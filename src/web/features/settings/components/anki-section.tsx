import { Alert, Button, Group, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ankiParts, type AnkiPart } from '../../../../common/anki';
import { OnDemandSelect } from '../../../components/on-demand-select/on-demand-select';
import type { Settings } from '../../../../common/settings';
import { ankiCatalogue } from '../../../lib/anki/i18n';
import { loadCatalogue } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { onDemandQueryClient, useOnDemandQuery } from '../../../lib/use-on-demand-query';
import { useNear } from '../../../components/use-near/use-near';
import { catalogue } from '../i18n';
import type { SectionProps } from './section-props';
import { secretInputProps } from './secret-input';

/** A select needs a non-empty value for "not used"; no Anki field is named with a NUL. */
const unused = '\u0000';

interface Lists {
  decks: string[];
  models: string[];
  fields: string[];
}

/** What the last check found, worded when drawn: a switch of language rewords it. */
type Report = { ok: true; version: number; keyRequired: boolean } | { ok: false; error: unknown; anki: Settings['anki']; word: typeof import('../../../lib/anki/anki-messages').ankiErrorMessage };

// Anki's client and its messages come with the section's first call to Anki, not with Settings.
const ankiClient = () => import('../../../lib/anki/anki-client');

const noLists: Lists = { decks: [], models: [], fields: [] };
const listsKey = (model: string) => ['anki', 'lists', model] as const;

/** The deck and note-type names, and the chosen note type's fields (none when Anki lacks it). */
async function loadLists(settings: Settings['anki'], signal: AbortSignal): Promise<Lists> {
  const apiKey = settings.apiKey;
  const { ankiCall } = await ankiClient();
  const [decks, models] = await Promise.all([ankiCall<string[]>('deckNames', undefined, { apiKey, signal }), ankiCall<string[]>('modelNames', undefined, { apiKey, signal })]);
  let fields: string[] = [];
  if (settings.model && models.includes(settings.model)) fields = await ankiCall<string[]>('modelFieldNames', { modelName: settings.model }, { apiKey, signal });
  return { decks, models, fields };
}

/** Anki's messages come with their own catalogue, fetched when one is needed (the screen never waits for it). */
async function problem(error: unknown, anki: Settings['anki']): Promise<Report> {
  const [{ ankiErrorMessage }] = await Promise.all([import('../../../lib/anki/anki-messages'), loadCatalogue(ankiCatalogue)]);
  return { ok: false, error, anki, word: ankiErrorMessage };
}

/** The current value stays choosable when Anki is closed or no longer has it (the control then says what to fix). */
const withCurrent = (names: string[], current: string) => (current && !names.includes(current) ? [current, ...names] : names);

/**
 * Settings → Anki: deck, note type, the field each of Kotonoha's parts goes to (lists from
 * AnkiConnect's deckNames, modelNames, modelFieldNames), tags, the API key, "test connection".
 */
export function AnkiSection({ draft, update }: SectionProps) {
  const t = useT(catalogue);
  const anki = draft.anki;
  const [report, setReport] = useState<Report | null>(null);
  const [testing, setTesting] = useState(false);
  const ankiRef = useRef(anki);
  ankiRef.current = anki;

  // Asked when the section comes near (most visits to Settings never scroll here), and again when
  // the note type changes; the API key is read as it stands then (typing it refetches nothing:
  // "test connection" does).
  const sectionRef = useRef<HTMLDivElement>(null);
  const near = useNear(sectionRef);
  const query = useOnDemandQuery({
    queryKey: listsKey(anki.model),
    queryFn: ({ signal }) => loadLists(ankiRef.current, signal),
    enabled: near,
    retry: false,
  });
  const lists = query.data ?? noLists;

  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!query.error || reported.current === query.error) return;
    reported.current = query.error;
    // Closed Anki is the usual case here: said once, quietly; the lists keep the current values.
    void problem(query.error, ankiRef.current).then(setReport);
  }, [query.error]);

  const test = async () => {
    setTesting(true);
    setReport(null);
    try {
      const { AnkiError, testConnection } = await ankiClient();
      const found = await testConnection(anki.apiKey);
      if (found.permission === 'denied') throw new AnkiError('permission', 'denied');
      const client = await onDemandQueryClient();
      await client.fetchQuery({ queryKey: listsKey(anki.model), queryFn: ({ signal }) => loadLists(anki, signal), retry: false }).catch((error: unknown) => {
        // Told here, not again by the list's observer.
        reported.current = error;
        throw error;
      });
      setReport({ ok: true, version: found.version, keyRequired: found.requireApiKey });
    } catch (error) {
      setReport(await problem(error, anki));
    } finally {
      setTesting(false);
    }
  };

  const fieldOptions = [{ value: unused, label: t('anki.unused') }, ...lists.fields.map((name) => ({ value: name, label: name }))];
  const setField = (part: AnkiPart, value: string | null) => update('anki', (current) => ({ fields: { ...current.fields, [part]: !value || value === unused ? '' : value } }));

  return (
    <>
      <SimpleGrid ref={sectionRef} cols={{ base: 1, sm: 2 }} spacing="md">
        <OnDemandSelect
          label={t('anki.deck')}
          data={withCurrent(lists.decks, anki.deck)}
          value={anki.deck || null}
          onChange={(value) => update('anki', { deck: value ?? '' })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('anki.nothing')}
          translate="no"
        />
        <OnDemandSelect
          label={t('anki.model')}
          data={withCurrent(lists.models, anki.model)}
          value={anki.model || null}
          onChange={(value) => update('anki', { model: value ?? '' })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('anki.nothing')}
          translate="no"
        />
      </SimpleGrid>
      <div role="group" aria-labelledby="anki-fields-label">
        <Text id="anki-fields-label" size="sm" fw={500}>
          {t('anki.fields')}
        </Text>
        <Text size="xs" c="dimmed" mb={6}>
          {t('anki.fieldsHint')}
        </Text>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          {ankiParts.map((part) => {
            const value = anki.fields[part];
            const data = value && !lists.fields.includes(value) ? [...fieldOptions, { value, label: value }] : fieldOptions;
            return (
              <OnDemandSelect
                key={part}
                label={t(`anki.part.${part}`)}
                data={data}
                value={value || unused}
                onChange={(chosen) => setField(part, chosen)}
                allowDeselect={false}
                size="xs"
              />
            );
          })}
        </SimpleGrid>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('anki.tags')} description={t('anki.tagsHint')} value={anki.tags} spellCheck={false} onChange={(event) => update('anki', { tags: event.currentTarget.value })} />
        <PasswordInput
          label={t('anki.apiKey')}
          description={t('anki.apiKeyHint')}
          value={anki.apiKey}
          onChange={(event) => update('anki', { apiKey: event.currentTarget.value.trim() })}
          {...secretInputProps(t('secret.show', { field: t('anki.apiKey') }))}
        />
      </SimpleGrid>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Button variant="default" leftSection={<IconPlugConnected size={16} aria-hidden />} loading={testing} onClick={() => void test()}>
          {t('anki.test')}
        </Button>
        {report ? (
          <Alert color={report.ok ? 'teal' : 'yellow'} role="status" py={6} style={{ flex: '1 1 16rem' }}>
            {report.ok ? t('anki.connected', { version: report.version }) + (report.keyRequired ? ` ${t('anki.keyRequired')}` : '') : report.word(report.error, report.anki)}
          </Alert>
        ) : null}
      </Group>
    </>
  );
}
