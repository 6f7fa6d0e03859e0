import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatBytes } from '../../../../common/bytes';
import type { DictImport, DictionaryInfo } from '../../../../common/dictionaries';
import { OnDemandSelect } from '../../../components/on-demand-select/on-demand-select';
import { SortableList } from '../../../components/sortable-list/sortable-list';
import { serverErrorMessage } from '../../../lib/http/server-error-message';
import { formatNumber } from '../../../lib/i18n/format';
import type { KeysOf } from '../../../lib/i18n/i18n';
import { useT, type Translate } from '../../../lib/i18n/use-t';
import { queryClient } from '../../../lib/query-client';
import { dictionariesChanged, useCancelImport, useDeleteDictionary, useDictImports, useDictionaries, useSetEnabled, useSetFrequencyDictionary, useSetOrder } from '../api/dict-api';
import { isActiveImport } from '../api/dict-calls';
import classes from './dictionaries.module.css';
import { catalogue } from './i18n';

type Words = Translate<KeysOf<typeof catalogue>>;

/** A select needs a non-empty value for "none"; no dictionary id is a NUL. */
const none = '\u0000';

/** The server's dictionaries and imports, with the app's one server data cache (lib/query-client). */
export function DictionaryList() {
  return (
    <QueryClientProvider client={queryClient}>
      <Dictionaries />
    </QueryClientProvider>
  );
}

function Dictionaries() {
  const t = useT(catalogue);
  const client = useQueryClient();
  const dictionaries = useDictionaries();
  const imports = useDictImports();
  const setEnabled = useSetEnabled();
  const setOrder = useSetOrder();
  const setFrequency = useSetFrequencyDictionary();
  const remove = useDeleteDictionary();
  const cancel = useCancelImport();

  // When an import finishes, the list (and every lookup) has changed.
  const activeIds = (imports.data ?? []).filter(isActiveImport).map((item) => item.id).join(' ');
  const previousActive = useRef(activeIds);
  useEffect(() => {
    if (previousActive.current && previousActive.current !== activeIds) void dictionariesChanged(client);
    previousActive.current = activeIds;
  }, [activeIds, client]);

  const list = dictionaries.data?.dictionaries ?? [];
  const active = (imports.data ?? []).filter(isActiveImport);
  const failed = (imports.data ?? []).filter((item) => item.state === 'failed' || item.state === 'interrupted').slice(0, 5);
  const frequencyOptions = [
    { value: none, label: t('dictionaries.frequencyNone') },
    ...list.filter((dictionary) => dictionary.counts.termMeta > 0 || dictionary.id === dictionaries.data?.frequencyDictionary).map((dictionary) => ({ value: dictionary.id, label: dictionary.title })),
  ];

  const move = (from: number, to: number) => {
    const ids = list.map((dictionary) => dictionary.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    setOrder.mutate(ids);
  };

  const mutationError = [setEnabled, setOrder, setFrequency, remove, cancel].find((mutation) => mutation.isError)?.error;

  return (
    <Stack gap="md">
      {active.map((item) => (
        <ImportRow key={item.id} item={item} t={t} onCancel={() => cancel.mutate(item.id)} cancelling={cancel.isPending && cancel.variables === item.id} />
      ))}
      {failed.map((item) => (
        <Alert key={item.id} color={item.state === 'interrupted' ? 'yellow' : 'red'} role="status" title={t(item.state === 'interrupted' ? 'import.interrupted' : 'import.failed', { name: item.title ?? item.fileName ?? item.id })}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <FailureReason t={t} item={item} />
          </Text>
        </Alert>
      ))}

      {dictionaries.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">{t('dictionaries.loading')}</Text>
        </Group>
      ) : dictionaries.isError ? (
        <Alert color="red" role="alert" title={t('dictionaries.unavailable')}>
          {dictionaries.error.message}
        </Alert>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t('dictionaries.orderHint')}
          </Text>
          <SortableList
            label={t('dictionaries.list')}
            items={list}
            getKey={(dictionary) => dictionary.id}
            getLabel={(dictionary) => dictionary.title}
            sortable
            onMove={move}
            empty={
              <Text size="sm" c="dimmed" role="status">
                {t('dictionaries.empty')}
              </Text>
            }
            renderItem={(dictionary, _index, handle) => (
              <DictionaryRow
                dictionary={dictionary}
                handle={handle}
                t={t}
                onEnabled={(enabled) => setEnabled.mutate({ id: dictionary.id, enabled })}
                onDelete={() => {
                  if (window.confirm(t('dictionaries.deleteConfirm', { title: dictionary.title }))) remove.mutate(dictionary.id);
                }}
                deleting={remove.isPending && remove.variables === dictionary.id}
              />
            )}
          />
          <OnDemandSelect
            label={t('dictionaries.frequency')}
            description={t('dictionaries.frequencyHint')}
            data={frequencyOptions}
            value={dictionaries.data.frequencyDictionary ?? none}
            onChange={(value) => setFrequency.mutate(!value || value === none ? null : value)}
            allowDeselect={false}
            maw={360}
          />
        </>
      )}
      {mutationError ? (
        <Alert color="red" role="alert">
          {mutationError.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** An import's step in words; the file inside the zip and the rows are the dictionary's own. */
function stepText(t: Words, item: DictImport): string {
  return t(`import.step.${item.step}` as KeysOf<typeof catalogue>);
}

/**
 * Why an import failed, in the interface language when the server gave a code this page knows
 * (docs/errors.md), else as the server wrote it.
 */
function FailureReason({ t, item }: { t: Words; item: DictImport }) {
  const [worded, setWorded] = useState<{ for: string; text: string | undefined }>();
  const key = JSON.stringify([item.id, item.code, item.params]);
  useEffect(() => {
    let live = true;
    void serverErrorMessage({ error: item.error ?? '', code: item.code, params: item.params }).then((text) => {
      if (live) setWorded({ for: key, text });
    });
    return () => {
      live = false;
    };
    // `t` is new after a language switch: the reason is worded again in the new language.
  }, [key, item, t]);
  const text = worded?.for === key ? worded.text : undefined;
  return <>{text ?? item.error ?? t('import.error.unknown')}</>;
}

function ImportRow({ item, t, onCancel, cancelling }: { item: DictImport; t: Words; onCancel: () => void; cancelling: boolean }) {
  const name = item.title ?? item.fileName ?? item.id;
  const percent = Math.round(item.progress * 100);
  return (
    <Stack gap={4} className={classes.import} role="group" aria-label={t('import.progressOf', { name })}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <span translate="no" className={classes.name}>
            {name}
          </span>{' '}
          <Text span c="dimmed" size="sm">
            {item.state === 'queued' ? t('import.queued') : t('import.running', { step: stepText(t, item), percent })}
            {item.file ? (
              <>
                {' · '}
                <span translate="no">{item.file}</span>
              </>
            ) : null}
            {item.rows !== undefined ? ` · ${t('import.rows', { rows: formatNumber(item.rows) })}` : null}
          </Text>
        </Text>
        <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={onCancel} loading={cancelling} style={{ flexShrink: 0 }}>
          {t('import.cancel')}
        </Button>
      </Group>
      <Progress value={percent} animated={item.state === 'running'} aria-label={t('import.progressOf', { name })} />
    </Stack>
  );
}

function DictionaryRow({
  dictionary,
  handle,
  t,
  onEnabled,
  onDelete,
  deleting,
}: {
  dictionary: DictionaryInfo;
  handle: ReactNode;
  t: Words;
  onEnabled: (enabled: boolean) => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { counts } = dictionary;
  const meta = counts.termMeta + counts.kanjiMeta;
  const languages = [dictionary.sourceLanguage, dictionary.targetLanguage].filter(Boolean).join(' → ');
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.row} data-disabled={!dictionary.enabled || undefined}>
      {handle}
      <Checkbox mt={6} checked={dictionary.enabled} onChange={(event) => onEnabled(event.currentTarget.checked)} aria-label={t('dictionaries.enabled')} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap" align="baseline">
          <Text fw={600} translate="no" className={classes.name}>
            {dictionary.title}
          </Text>
          <Text size="xs" c="dimmed" translate="no">
            {dictionary.revision}
          </Text>
          {dictionary.builtIn ? (
            <Badge size="xs" variant="light" color="gray">
              {t('dictionaries.builtIn')}
            </Badge>
          ) : null}
          {!dictionary.enabled ? (
            <Badge size="xs" variant="outline" color="gray">
              {t('dictionaries.off')}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('dictionaries.counts', { terms: formatNumber(counts.terms), kanji: formatNumber(counts.kanji), meta: formatNumber(meta), size: formatBytes(dictionary.bytes) })}
        </Text>
        {dictionary.author ? (
          <Text size="xs" c="dimmed">
            {t('dictionaries.author')} <span translate="no">{dictionary.author}</span>
          </Text>
        ) : null}
        {dictionary.attribution ? (
          <Text size="xs" c="dimmed" lineClamp={2} title={dictionary.attribution}>
            {t('dictionaries.attribution')} <span translate="no">{dictionary.attribution}</span>
          </Text>
        ) : null}
        {languages ? (
          <Text size="xs" c="dimmed">
            {t('dictionaries.languages')} <span translate="no">{languages}</span>
          </Text>
        ) : null}
      </Stack>
      <ActionIcon variant="subtle" color="red" aria-label={t('dictionaries.delete')} title={t('dictionaries.deleteTitle', { title: dictionary.title })} onClick={onDelete} loading={deleting}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
