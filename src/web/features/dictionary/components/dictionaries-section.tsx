import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconFileZip, IconTrash, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { formatBytes } from '../../../../common/bytes';
import type { DictImport, DictionaryInfo } from '../../../../common/dictionaries';
import { OnDemandSelect } from '../../../components/on-demand-select/on-demand-select';
import { SortableList } from '../../../components/sortable-list/sortable-list';
import { formatNumber } from '../../../lib/i18n/format';
import type { KeysOf } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import {
  dictionariesChanged,
  isActiveImport,
  uploadDictionary,
  useCancelImport,
  useDeleteDictionary,
  useDictImports,
  useDictionaries,
  useSetEnabled,
  useSetFrequencyDictionary,
  useSetOrder,
} from '../api/dict-api';
import { catalogue } from '../i18n';
import classes from './dictionaries-section.module.css';
import type { Words } from './pos-names';

/** A select needs a non-empty value for "none"; no dictionary id is a NUL. */
const none = '\u0000';
const zipTypes = '.zip,application/zip,application/x-zip-compressed';
const isZip = (file: File) => /\.zip$/i.test(file.name);

interface Upload {
  key: number;
  name: string;
  sent: number;
  total: number;
}

/** An import's step in words; the file inside the zip and the rows are the dictionary's own. */
function stepText(t: Words, item: DictImport): string {
  return t(`import.step.${item.step}` as KeysOf<typeof catalogue>);
}

/** Why an import failed, in the interface language when the server gave a code this page knows, else as the server wrote it. */
function reasonText(t: Words, item: DictImport): string {
  const key = item.code ? (`import.error.${item.code}` as KeysOf<typeof catalogue>) : undefined;
  if (key) {
    const worded = t(key, { ...item.params, file: item.file ?? '' });
    // An unknown code comes back as its own id.
    if (!worded.endsWith(key)) return worded;
  }
  return item.error ?? t('import.error.unknown');
}

/**
 * Settings → Dictionaries: the learner's dictionaries as the server holds them (for every device),
 * in result order, each enabled or not, deletable; imports of `.zip` files chosen or dropped here,
 * with their progress; the frequency dictionary that sorts results. Every change goes to the
 * server at once: none of it waits for Save (the section's description, settings' `dictionaries.description`,
 * says so).
 */
export function DictionariesSection() {
  const t = useT(catalogue);
  const client = useQueryClient();
  const dictionaries = useDictionaries();
  const imports = useDictImports();
  const setEnabled = useSetEnabled();
  const setOrder = useSetOrder();
  const setFrequency = useSetFrequencyDictionary();
  const remove = useDeleteDictionary();
  const cancel = useCancelImport();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refused, setRefused] = useState<Array<{ name: string; reason: string }>>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);

  // When an import finishes, the list (and every lookup) has changed.
  const activeIds = (imports.data ?? []).filter(isActiveImport).map((item) => item.id).join(' ');
  const previousActive = useRef(activeIds);
  useEffect(() => {
    if (previousActive.current && previousActive.current !== activeIds) void dictionariesChanged(client);
    previousActive.current = activeIds;
  }, [activeIds, client]);

  const send = async (files: File[]) => {
    const notZip = files.filter((file) => !isZip(file));
    if (notZip.length > 0) setRefused((list) => [...list, ...notZip.map((file) => ({ name: file.name, reason: t('import.notZip') }))]);
    // One after another: the server queues them anyway, and each upload gets the whole link.
    for (const file of files.filter(isZip)) {
      const key = nextKey.current++;
      setUploads((list) => [...list, { key, name: file.name, sent: 0, total: file.size }]);
      try {
        await uploadDictionary(file, (sent, total) => setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, sent, total } : upload))));
      } catch (error) {
        setRefused((list) => [...list, { name: file.name, reason: error instanceof Error ? error.message : String(error) }]);
      } finally {
        setUploads((list) => list.filter((upload) => upload.key !== key));
        await client.invalidateQueries({ queryKey: ['dict', 'imports'] });
      }
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void send(files);
  };

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
    <div
      className={classes.zone}
      data-active={dragging || undefined}
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="center">
          <Button variant="default" leftSection={<IconFileZip size={16} aria-hidden />} onClick={() => input.current?.click()}>
            {t('dictionaries.import')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('dictionaries.importHint')}
          </Text>
          <input
            ref={input}
            type="file"
            accept={zipTypes}
            multiple
            hidden
            aria-label={t('dictionaries.importInput')}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              if (files.length > 0) void send(files);
            }}
          />
        </Group>

        {uploads.map((upload) => (
          <Stack key={upload.key} gap={4}>
            <Text size="sm">
              {t('upload.sending', { percent: upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0 })}{' '}
              <span translate="no">{upload.name}</span>
            </Text>
            <Progress value={upload.total > 0 ? (upload.sent / upload.total) * 100 : 0} aria-label={t('upload.progress', { name: upload.name })} />
          </Stack>
        ))}
        {active.map((item) => (
          <ImportRow key={item.id} item={item} t={t} onCancel={() => cancel.mutate(item.id)} cancelling={cancel.isPending && cancel.variables === item.id} />
        ))}
        {refused.length > 0 ? (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('dictionaries.dismiss')} onClose={() => setRefused([])} title={t('upload.refused')}>
            <Stack gap={2}>
              {refused.map((item, index) => (
                <Text key={index} size="sm">
                  <span translate="no">{item.name}</span>: {item.reason}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {failed.map((item) => (
          <Alert key={item.id} color={item.state === 'interrupted' ? 'yellow' : 'red'} role="status" title={t(item.state === 'interrupted' ? 'import.interrupted' : 'import.failed', { name: item.title ?? item.fileName ?? item.id })}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {reasonText(t, item)}
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
    </div>
  );
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
