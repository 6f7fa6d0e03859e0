import '@mantine/core/styles/Table.css';
import { ActionIcon, Button, Group, Modal, NumberInput, Paper, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatBytes } from '../../../../common/bytes';
import { DropZone } from '../../../components/drop-zone/drop-zone';
import { interruptedReason, libraryExtensions, type CorpusDocument, type ImportStatus } from '../../../../common/shonagon';
import { HttpError, httpErrorMessage, isAbort } from '../../../lib/http/http-client';
import { formatNumber } from '../../../lib/i18n/format';
import { translate } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { apiBase, shonagonTimeoutMs } from '../../../lib/shonagon-client';
import { useSettings } from '../../../lib/settings-store';
import { TaskPool } from '../../../lib/task-pool';
import { uploadDocument, useDocumentMutations, useDocuments, useImports } from '../api/shonagon-queries';
import { catalogue } from '../i18n';
import { precheck, type UploadItem, type UploadState } from './upload-queue';

const uploads = new TaskPool(2);
let nextKey = 0;
// Import ids of this page load, told apart from those of earlier ones the server remembers.
const session = Math.random().toString(36).slice(2, 10);

/** Why an upload failed, in the interface language; an HTTP error keeps the server's own words. */
function uploadFailure(error: unknown): string {
  if (error instanceof HttpError && error.status !== 429) {
    if (error.kind === 'timeout') return translate(catalogue, 'upload.timeout', { ms: shonagonTimeoutMs });
    if (error.kind === 'network') return translate(catalogue, 'upload.network');
    if (error.kind === 'bad-response') return translate(catalogue, 'upload.badResponse');
  }
  return httpErrorMessage(error);
}

function EditDocument({ document, onClose }: { document: CorpusDocument; onClose: () => void }) {
  const t = useT(catalogue);
  const { update } = useDocumentMutations();
  const [title, setTitle] = useState(document.title);
  const [media, setMedia] = useState(document.media ?? '');
  const [author, setAuthor] = useState(document.author ?? '');
  const [pubYear, setPubYear] = useState<number | string>(document.pubYear ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!title.trim()) return;
        update.mutate(
          { id: document.id, patch: { title: title.trim(), media: media.trim(), author: author.trim(), pubYear: typeof pubYear === 'number' ? pubYear : null } },
          { onSuccess: onClose },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput label={t('document.title')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} required error={title.trim() ? null : t('document.titleRequired')} data-autofocus />
        <TextInput label={t('document.media')} description={t('document.mediaHint')} value={media} onChange={(e) => setMedia(e.currentTarget.value)} />
        <NumberInput label={t('document.pubYear')} value={pubYear} onChange={setPubYear} min={0} max={9999} hideControls />
        <TextInput label={t('document.author')} value={author} onChange={(e) => setAuthor(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('document.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('document.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A file's name and size, the first columns of every row of the list. */
function FileColumns({ name, bytes }: { name: string; bytes: number }) {
  return (
    <>
      <Text size="sm" style={{ flex: '0 1 40%', minWidth: 0 }} truncate title={name} translate="no">
        {name}
      </Text>
      {/* A size: digits and a unit symbol (B, KB, MB), as in every language. */}
      <Text size="xs" c="dimmed" w={64} ta="right" translate="no">
        {formatBytes(bytes)}
      </Text>
    </>
  );
}

/** An import the server lists: waiting, running (with its progress), or failed — as interrupted when a stop cut it short. */
function ServerImport({ job }: { job: ImportStatus }) {
  const t = useT(catalogue);
  const percent = Math.round(job.progress * 100);
  return (
    <Group role="listitem" aria-label={t('library.item', { name: job.name })} gap="sm" wrap="nowrap">
      <FileColumns name={job.name} bytes={job.bytes} />
      {job.state === 'failed' ? (
        <Text size="xs" c="red" style={{ flex: 1 }} role="alert">
          {job.error === interruptedReason ? t('library.interrupted', { name: job.name }) : job.error}
        </Text>
      ) : (
        <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
          <Progress value={job.state === 'running' ? percent : 0} animated={job.state === 'running'} style={{ flex: 1 }} aria-label={t('library.progress', { name: job.name })} />
          <Text size="xs" c="dimmed">
            {job.state === 'running' ? t('library.importing', { percent }) : t('library.waiting')}
          </Text>
        </Group>
      )}
    </Group>
  );
}

export function LibraryTab() {
  const t = useT(catalogue);
  const documents = useDocuments();
  const imports = useImports();
  const { remove, invalidate } = useDocumentMutations();
  const base = apiBase(useSettings((s) => s.shonagon.apiBase));
  const [items, setItems] = useState<UploadItem[]>([]);
  const [editing, setEditing] = useState<CorpusDocument | null>(null);
  const mobile = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false }) ?? false;

  const setState = (key: string, state: UploadState) => setItems((list) => list.map((item) => (item.key === key ? { ...item, state } : item)));

  /** A dropped folder is listed as refused, as a file of another type would be. */
  const addFiles = (files: File[], droppedFolders: string[] = []) => {
    const list = [...files, ...droppedFolders.map((name) => new File([], name))];
    if (list.length === 0) return;
    const fresh = list.map((file) => {
      const refused = precheck(file);
      const key = String(nextKey++);
      const item: UploadItem = { key, importId: `upload-${session}-${key}`, name: file.name, size: file.size, state: refused ? { status: 'failed', message: refused } : { status: 'queued' } };
      return { file, item, refused };
    });
    setItems((current) => [...fresh.map((f) => f.item), ...current]);
    for (const { file, item, refused } of fresh) {
      if (refused) continue;
      void uploads
        .run(async () => {
          setState(item.key, { status: 'uploading', fraction: 0 });
          const created = await uploadDocument(base, file, (fraction) => setState(item.key, { status: 'uploading', fraction }), item.importId);
          setState(item.key, { status: 'done', sentences: created.sentences });
          void invalidate();
        })
        .catch((error: unknown) => {
          if (!isAbort(error)) setState(item.key, { status: 'failed', message: `${file.name}: ${uploadFailure(error)}` });
          void invalidate();
        });
    }
  };

  const docs = documents.data ?? [];
  // What the server is importing or could not import, beyond this page's own uploads: after a
  // restart, the file it was adding when it stopped, and the files still waiting.
  const onScreen = new Set(items.map((item) => item.importId));
  const serverImports = (imports.data ?? []).filter((job) => job.state !== 'done' && !onScreen.has(job.id));
  return (
    <Stack gap="md">
      <DropZone onFiles={addFiles} multiple accept={libraryExtensions.join(',')} inputLabel={t('library.files')} label={t('library.dropZone')}>
        {({ chooseFiles }) => (
          <Stack gap={6} align="center">
            <IconFileUpload size={32} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text size="sm">{t('library.drop')}</Text>
            <Text size="xs" c="dimmed">
              {t('library.formats', { extensions: libraryExtensions.join(' ') })}
            </Text>
            <Button size="xs" variant="light" onClick={chooseFiles}>
              {t('library.choose')}
            </Button>
          </Stack>
        )}
      </DropZone>

      {items.length > 0 && (
        <Stack gap={6} role="list" aria-label={t('library.uploads')}>
          {items.map((item) => (
            <Group key={item.key} role="listitem" aria-label={t('library.item', { name: item.name })} gap="sm" wrap="nowrap">
              <FileColumns name={item.name} bytes={item.size} />
              {item.state.status === 'uploading' || item.state.status === 'queued' ? (
                <Progress
                  value={item.state.status === 'uploading' ? Math.round(item.state.fraction * 100) : 0}
                  animated={item.state.status === 'uploading' && item.state.fraction >= 1}
                  style={{ flex: 1 }}
                  aria-label={t('library.progress', { name: item.name })}
                />
              ) : item.state.status === 'done' ? (
                <Text size="xs" c="teal" style={{ flex: 1 }}>
                  {t('library.added', { sentences: formatNumber(item.state.sentences) })}
                </Text>
              ) : (
                <Text size="xs" c="red" style={{ flex: 1 }} role="alert">
                  {item.state.message}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}

      {serverImports.length > 0 && (
        <Stack gap={6} role="list" aria-label={t('library.serverImports')}>
          {serverImports.map((job) => (
            <ServerImport key={job.id} job={job} />
          ))}
        </Stack>
      )}

      {documents.isSuccess && docs.length === 0 && (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
          <Text fw={600} size="sm">
            {t('library.empty')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('library.emptyHint')}
          </Text>
        </Paper>
      )}
      {documents.isError && (
        <Text c="red" size="sm" role="alert">
          {t('library.failed')}
        </Text>
      )}

      {docs.length > 0 && (
        <Table.ScrollContainer minWidth={mobile ? 300 : 560}>
          <Table aria-label={t('library.documents')} striped highlightOnHover verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('document.title')}</Table.Th>
                {!mobile && (
                  <>
                    <Table.Th>{t('document.media')}</Table.Th>
                    <Table.Th>{t('document.pubYear')}</Table.Th>
                    <Table.Th>{t('document.author')}</Table.Th>
                  </>
                )}
                <Table.Th ta="right">{t('document.sentences')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.map((doc) => (
                <Table.Tr key={doc.id}>
                  <Table.Td lang="ja" fw={500} translate="no">
                    {doc.title}
                    {mobile && (
                      <Text size="xs" c="dimmed" fw={400}>
                        {[doc.media, doc.pubYear, doc.author].filter((v) => v != null && v !== '').join(' · ')}
                      </Text>
                    )}
                  </Table.Td>
                  {!mobile && (
                    <>
                      <Table.Td c="dimmed" translate="no">
                        {doc.media}
                      </Table.Td>
                      <Table.Td c="dimmed">{doc.pubYear}</Table.Td>
                      <Table.Td c="dimmed" translate="no">
                        {doc.author}
                      </Table.Td>
                    </>
                  )}
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatNumber(doc.sentences)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon variant="subtle" aria-label={t('document.edit', { title: doc.title })} onClick={() => setEditing(doc)}>
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('document.delete', { title: doc.title })}
                        loading={remove.isPending && remove.variables === doc.id}
                        onClick={() => {
                          if (window.confirm(t('document.deleteConfirm', { title: doc.title, count: doc.sentences }))) remove.mutate(doc.id);
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('document.editTitle')}>
        {editing && <EditDocument document={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
