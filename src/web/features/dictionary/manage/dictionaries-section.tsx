import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState, type DragEvent } from 'react';
import { useNear } from '../../../components/use-near/use-near';
import { useT } from '../../../lib/i18n/use-t';
import { untilLoaded } from '../../../lib/until-loaded';
import classes from './dictionaries.module.css';
import { catalogue } from './i18n';
import type { Upload } from './upload-progress';

const zipTypes = '.zip,application/zip,application/x-zip-compressed';
const isZip = (file: File) => /\.zip$/i.test(file.name);

// The server's list and its imports need the server data cache (TanStack Query): they load when the
// section comes near, so a visit to Settings for a key does not download them.
const DictionaryList = lazy(() => untilLoaded(() => import('./dictionary-list')).then((module) => ({ default: module.DictionaryList })));
// What only a file being sent needs (the calls, the cache to refresh, the progress bars) comes with the first file.
const loadSending = () => Promise.all([import('../api/dict-calls'), import('../../../lib/use-on-demand-query'), import('./upload-progress')]);
const UploadProgress = lazy(() => untilLoaded(() => import('./upload-progress')).then((module) => ({ default: module.UploadProgress })));


/**
 * Settings → Dictionaries: the learner's dictionaries as the server holds them (for every device),
 * in result order, each enabled or not, deletable; imports of `.zip` files chosen or dropped here,
 * with their progress; the frequency dictionary that sorts results. Every change goes to the
 * server at once: none of it waits for Save (the section's description says so). The import
 * controls are here from the first paint; the list (dictionary-list.tsx) follows when near.
 */
export function DictionariesSection() {
  const t = useT(catalogue);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refused, setRefused] = useState<Array<{ name: string; reason: string }>>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const listAnchor = useRef<HTMLDivElement>(null);
  const near = useNear(listAnchor);
  // A file sent from afar (the input needs no scrolling) brings the list, which shows its import.
  const [sending, setSending] = useState(false);

  const send = async (files: File[]) => {
    setSending(true);
    let loaded: Awaited<ReturnType<typeof loadSending>>;
    try {
      loaded = await loadSending();
    } catch {
      setRefused((list) => [...list, ...files.map((file) => ({ name: file.name, reason: t('import.offline') }))]);
      return;
    }
    const [{ importsKey, uploadDictionary }, { onDemandQueryClient }] = loaded;
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
        await (await onDemandQueryClient()).invalidateQueries({ queryKey: importsKey });
      }
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void send(files);
  };

  const loading = (
    <Center mih={80}>
      <Loader size="sm" aria-hidden />
    </Center>
  );

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

        {uploads.length > 0 && (
          <Suspense fallback={null}>
            <UploadProgress uploads={uploads} />
          </Suspense>
        )}
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
        {near || sending ? (
          <Suspense fallback={loading}>
            <DictionaryList />
          </Suspense>
        ) : (
          // Room for the list until it is wanted: not a spinner, since nothing is loading yet.
          <div ref={listAnchor} style={{ minHeight: 80 }} />
        )}
      </Stack>
    </div>
  );
}
