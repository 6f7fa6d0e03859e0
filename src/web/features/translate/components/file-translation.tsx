import { Alert, Button, Group, NativeSelect, Paper, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileUpload, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { translatorEntryValue } from '../../../../common/config-templates';
import { DropZone } from '../../../components/drop-zone/drop-zone';
import { download } from '../../../lib/download';
import { isAbort } from '../../../lib/http/http-client';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { useSettings } from '../../../lib/settings-store';
import {
  checkFile,
  deleteFile,
  downloadFile,
  imageTypes,
  interruptFile,
  translateFileSync,
  uploadFile,
  voiceTypes,
  waitForFile,
  type FileApiOptions,
  type FileKind,
  type FileMode,
  type ResultType,
} from '../api/niutrans-file';
import { NiutransError } from '../api/niutrans-text';
import { catalogue } from '../i18n';
import type { SourceLanguage, TargetLanguage } from '../languages';
import { errorMessage } from '../run';
import classes from './translate.module.css';
import { AutoTextarea } from '../../../components/auto-textarea/auto-textarea';

type Phase = 'idle' | 'uploading' | 'processing' | 'downloading' | 'done' | 'failed' | 'cancelled';

interface Job {
  phase: Phase;
  fileName: string;
  kind: FileKind;
  id?: string;
  progress?: number;
  text?: string;
  blob?: Blob;
  downloadName?: string;
  message?: string;
}

const accept = [...voiceTypes, ...imageTypes].join(',');

function useCredentials() {
  const translator = useSettings((settings) => settings.translator);
  const entry = translator.dynamicConfigs.find((config) => config.configId === 'NiuTrans');
  const value = entry ? translatorEntryValue(entry.value) : undefined;
  return {
    apiKey: translator.niuTransApikey.trim() || value?.apiKey.trim() || '',
    voiceAppId: translator.niuTransVoiceAppId.trim() || value?.voiceAppId.trim() || '',
    picAppId: translator.niuTransPicAppId.trim() || value?.picAppId.trim() || '',
  };
}

/**
 * File translation (docs/behaviour.md "File translation"): a voice clip or an image, sync or async,
 * with progress and cancel.
 */
export function FileTranslation({ from, to }: { from: SourceLanguage; to: TargetLanguage }) {
  const t = useT(catalogue);
  const credentials = useCredentials();
  const [mode, setMode] = useState<FileMode>('async');
  const [resultType, setResultType] = useState<ResultType>('2');
  const [problem, setProblem] = useState<{ message: string; level: 'error' | 'warning' } | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const controller = useRef<AbortController | null>(null);
  const apiOptions = useRef<FileApiOptions | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const busy = job !== null && ['uploading', 'processing', 'downloading'].includes(job.phase);

  async function start(file: File) {
    const check = checkFile(file, mode);
    if (!check.ok) {
      const message = t(`file.check.${check.reason}`);
      setProblem({ message, level: check.level });
      toast(message, check.level);
      return;
    }
    const appId = check.kind === 'voice' ? credentials.voiceAppId : credentials.picAppId;
    if (!credentials.apiKey || !appId) {
      const message = t(check.kind === 'voice' ? 'file.missing.voice' : 'file.missing.image');
      setProblem({ message, level: 'warning' });
      return;
    }
    setProblem(null);
    controller.current?.abort();
    const run = new AbortController();
    controller.current = run;
    const options = { kind: check.kind, appId, apiKey: credentials.apiKey, signal: run.signal };
    apiOptions.current = options;
    const update = (patch: Partial<Job>) => setJob((current) => ({ ...(current ?? { phase: 'idle', fileName: file.name, kind: check.kind }), ...patch }));
    setJob({ phase: 'uploading', fileName: file.name, kind: check.kind });
    try {
      if (mode === 'sync') {
        const text = await translateFileSync(file, file.name, { ...options, from, to, resultType });
        update({ phase: 'done', text, progress: 100, blob: new Blob([text], { type: 'text/plain;charset=utf-8' }), downloadName: `${file.name}.txt` });
        return;
      }
      const id = await uploadFile(file, file.name, { ...options, from, to });
      update({ phase: 'processing', id, progress: 0 });
      await waitForFile(id, { ...options, onStatus: (status) => update({ progress: status.progress }) });
      update({ phase: 'downloading', progress: 100 });
      const downloaded = await downloadFile(id, resultType, options);
      update({ phase: 'done', text: downloaded.text, blob: downloaded.blob, downloadName: downloaded.fileName });
    } catch (error) {
      if (run.signal.aborted || isAbort(error) || (error instanceof NiutransError && error.kind === 'interrupted')) {
        update({ phase: 'cancelled' });
        return;
      }
      update({ phase: 'failed', message: errorMessage(error) });
    }
  }

  /** One file at a time; a dropped folder is refused by the type check, as any file of another type. */
  function pick(files: File[], droppedFolders: string[]) {
    const file = files[0] ?? (droppedFolders[0] !== undefined ? new File([], droppedFolders[0]) : undefined);
    if (file) void start(file);
  }

  async function cancel() {
    const id = job?.id;
    const options = apiOptions.current;
    controller.current?.abort();
    setJob((current) => (current ? { ...current, phase: 'cancelled' } : current));
    if (id && options) {
      // The service keeps working unless told to stop.
      await interruptFile(id, { ...options, signal: undefined }).catch((error: unknown) => toast(errorMessage(error), 'warning'));
    }
  }

  async function remove() {
    const id = job?.id;
    const options = apiOptions.current;
    if (id && options) {
      try {
        await deleteFile(id, { ...options, signal: undefined });
      } catch (error) {
        toast(errorMessage(error), 'error');
        return;
      }
    }
    setJob(null);
  }

  function save() {
    if (job?.blob) download(job.downloadName ?? 'translation.txt', job.blob);
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="file-translation-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4} id="file-translation-title">
            {t('file.title')}
          </Title>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              aria-label={t('file.mode')}
              value={mode}
              onChange={(value) => setMode(value as FileMode)}
              data={[
                { value: 'async', label: t('file.mode.async') },
                { value: 'sync', label: t('file.mode.sync') },
              ]}
              disabled={busy}
            />
            <NativeSelect
              size="xs"
              aria-label={t('file.resultType')}
              value={resultType}
              onChange={(event) => setResultType(event.currentTarget.value as ResultType)}
              data={[
                { value: '1', label: t('file.resultType.translation') },
                { value: '2', label: t('file.resultType.both') },
                { value: 'raw', label: t('file.resultType.raw') },
              ]}
              disabled={busy}
            />
          </Group>
        </Group>

        <DropZone onFiles={pick} accept={accept} disabled={busy} clickable inputLabel={t('file.input')}>
          {() => (
            <>
              <IconFileUpload size={28} stroke={1.5} color="var(--mantine-color-blue-light-color)" aria-hidden />
              <Text size="sm" fw={500}>
                {t('file.drop')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('file.limits')}
              </Text>
            </>
          )}
        </DropZone>

        {problem ? (
          <Alert color={problem.level === 'error' ? 'red' : 'yellow'} variant="light" role="alert" p="xs">
            {problem.message}
          </Alert>
        ) : null}

        {job ? (
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                <span translate="no">{job.fileName}</span> · <span>{job.phase === 'idle' ? '' : t(`file.phase.${job.phase}`)}</span>
              </Text>
              <Group gap={4} wrap="nowrap">
                {busy ? (
                  <Button size="compact-sm" variant="light" color="red" leftSection={<IconX size={14} />} onClick={() => void cancel()}>
                    {t('file.cancel')}
                  </Button>
                ) : null}
                {job.phase === 'done' ? (
                  <Button size="compact-sm" variant="light" leftSection={<IconDownload size={14} />} onClick={save}>
                    {t('file.download')}
                  </Button>
                ) : null}
                {!busy ? (
                  <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconTrash size={14} />} onClick={() => void remove()}>
                    {t('file.delete')}
                  </Button>
                ) : null}
              </Group>
            </Group>
            {busy || job.phase === 'done' ? (
              <Progress
                aria-label={t('file.progress')}
                value={job.phase === 'uploading' ? 10 : (job.progress ?? 0)}
                animated={busy}
                striped={busy}
                size="sm"
              />
            ) : null}
            {job.phase === 'failed' ? (
              <Text size="sm" className={classes.error} role="alert">
                {job.message}
              </Text>
            ) : null}
            {job.text !== undefined ? <AutoTextarea aria-label={t('file.result')} translate="no" value={job.text} readOnly minRows={2} maxRows={12} /> : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
