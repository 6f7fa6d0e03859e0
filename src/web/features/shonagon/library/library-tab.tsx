import '@mantine/core/styles/Table.css';
import { ActionIcon, Button, Group, Modal, NumberInput, Paper, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '../../../../common/bytes';
import { libraryExtensions, type CorpusDocument } from '../../../../common/shonagon';
import { httpErrorMessage, isAbort } from '../../../lib/http/http-client';
import { apiBase } from '../../../lib/shonagon-client';
import { useSettings } from '../../../lib/settings-store';
import { TaskPool } from '../../../lib/task-pool';
import { uploadDocument, useDocumentMutations, useDocuments } from '../api/shonagon-queries';
import { precheck, type UploadItem, type UploadState } from './upload-queue';

const uploads = new TaskPool(2);
let nextKey = 0;

function EditDocument({ document, onClose }: { document: CorpusDocument; onClose: () => void }) {
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
        <TextInput label="title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} required error={title.trim() ? null : 'A document needs a title.'} data-autofocus />
        <TextInput label="media" description="e.g. novel, news, subtitles, chat" value={media} onChange={(e) => setMedia(e.currentTarget.value)} />
        <NumberInput label="pubYear" value={pubYear} onChange={setPubYear} min={0} max={9999} hideControls />
        <TextInput label="author" value={author} onChange={(e) => setAuthor(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function LibraryTab() {
  const documents = useDocuments();
  const { remove, invalidate } = useDocumentMutations();
  const base = apiBase(useSettings((s) => s.shonagon.apiBase));
  const [items, setItems] = useState<UploadItem[]>([]);
  const [editing, setEditing] = useState<CorpusDocument | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const mobile = useMediaQuery('(max-width: 767px)', false, { getInitialValueInEffect: false }) ?? false;

  const setState = (key: string, state: UploadState) => setItems((list) => list.map((item) => (item.key === key ? { ...item, state } : item)));

  const addFiles = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (list.length === 0) return;
    const fresh = list.map((file) => {
      const refused = precheck(file);
      const item: UploadItem = { key: String(nextKey++), name: file.name, size: file.size, state: refused ? { status: 'failed', message: refused } : { status: 'queued' } };
      return { file, item, refused };
    });
    setItems((current) => [...fresh.map((f) => f.item), ...current]);
    for (const { file, item, refused } of fresh) {
      if (refused) continue;
      void uploads
        .run(async () => {
          setState(item.key, { status: 'uploading', fraction: 0 });
          const created = await uploadDocument(base, file, (fraction) => setState(item.key, { status: 'uploading', fraction }));
          setState(item.key, { status: 'done', sentences: created.sentences });
          void invalidate();
        })
        .catch((error: unknown) => {
          if (!isAbort(error)) setState(item.key, { status: 'failed', message: `${file.name}: ${httpErrorMessage(error)}` });
        });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const docs = documents.data ?? [];
  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="lg"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-label="drop files here"
        role="region"
        style={{ borderStyle: 'dashed', borderWidth: 2, background: dragging ? 'var(--mantine-color-blue-0)' : undefined, textAlign: 'center' }}
      >
        <Stack gap={6} align="center">
          <IconFileUpload size={32} stroke={1.4} color="var(--mantine-color-gray-6)" />
          <Text size="sm">Drop books, articles and subtitles here — many at once</Text>
          <Text size="xs" c="dimmed">
            {libraryExtensions.join(' ')} · UTF-8, Shift_JIS or EUC-JP
          </Text>
          <Button size="xs" variant="light" onClick={() => input.current?.click()}>
            choose files
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="files to add"
            accept={libraryExtensions.join(',')}
            onChange={(event) => {
              if (event.currentTarget.files) addFiles(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        </Stack>
      </Paper>

      {items.length > 0 && (
        <Stack gap={6} role="list" aria-label="uploads">
          {items.map((item) => (
            <Group key={item.key} role="listitem" aria-label={item.name} gap="sm" wrap="nowrap">
              <Text size="sm" style={{ flex: '0 1 40%', minWidth: 0 }} truncate title={item.name}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed" w={64} ta="right">
                {formatBytes(item.size)}
              </Text>
              {item.state.status === 'uploading' || item.state.status === 'queued' ? (
                <Progress
                  value={item.state.status === 'uploading' ? Math.round(item.state.fraction * 100) : 0}
                  animated={item.state.status === 'uploading' && item.state.fraction >= 1}
                  style={{ flex: 1 }}
                  aria-label={`${item.name} progress`}
                />
              ) : item.state.status === 'done' ? (
                <Text size="xs" c="teal" style={{ flex: 1 }}>
                  added · {item.state.sentences.toLocaleString()} sentences
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

      {documents.isSuccess && docs.length === 0 && (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
          <Text fw={600} size="sm">
            Your library is empty
          </Text>
          <Text size="sm" c="dimmed">
            Start by dropping a few texts you have read or watched — a novel in .txt or .epub, saved articles, an anime's .srt subtitles. Each sentence becomes
            searchable in Single search. You can also add a chat reply or a translation from those screens.
          </Text>
        </Paper>
      )}
      {documents.isError && (
        <Text c="red" size="sm" role="alert">
          The library could not be loaded.
        </Text>
      )}

      {docs.length > 0 && (
        <Table.ScrollContainer minWidth={mobile ? 300 : 560}>
          <Table aria-label="documents" striped highlightOnHover verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>title</Table.Th>
                {!mobile && (
                  <>
                    <Table.Th>media</Table.Th>
                    <Table.Th>pubYear</Table.Th>
                    <Table.Th>author</Table.Th>
                  </>
                )}
                <Table.Th ta="right">sentences</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.map((doc) => (
                <Table.Tr key={doc.id}>
                  <Table.Td lang="ja" fw={500}>
                    {doc.title}
                    {mobile && (
                      <Text size="xs" c="dimmed" fw={400}>
                        {[doc.media, doc.pubYear, doc.author].filter((v) => v != null && v !== '').join(' · ')}
                      </Text>
                    )}
                  </Table.Td>
                  {!mobile && (
                    <>
                      <Table.Td c="dimmed">{doc.media}</Table.Td>
                      <Table.Td c="dimmed">{doc.pubYear}</Table.Td>
                      <Table.Td c="dimmed">{doc.author}</Table.Td>
                    </>
                  )}
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {doc.sentences.toLocaleString()}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon variant="subtle" aria-label={`edit ${doc.title}`} onClick={() => setEditing(doc)}>
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`delete ${doc.title}`}
                        loading={remove.isPending && remove.variables === doc.id}
                        onClick={() => {
                          if (window.confirm(`Delete “${doc.title}” and its ${doc.sentences} sentences from the library?`)) remove.mutate(doc.id);
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

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit document">
        {editing && <EditDocument document={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
