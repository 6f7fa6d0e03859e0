import { ActionIcon, Alert, Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconMicrophone, IconPlayerPlay, IconPlayerStop, IconTrash, IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { toast } from '../../lib/notify';
import { useSettings } from '../../lib/settings-store';
import { onDemandQueryClient, useOnDemandQuery } from '../../lib/use-on-demand-query';
import type { Voice } from '../../lib/speech/siliconflow-speech';
import { catalogue } from './i18n';
import classes from './speech.module.css';
import { useRecorder } from './use-recorder';
import { AutoTextarea } from '../../components/auto-textarea/auto-textarea';
import { Hint } from '../../components/hint/hint';

interface VoiceManagerProps {
  /** The group's heading and refresh button: drawn by the section, the same before this loads. */
  heading: (controls: { id: string; onRefresh: () => void; loading: boolean }) => ReactNode;
  model: string;
  selectedVoice: string;
  onSelect: (uri: string) => void;
  onPreview: (uri: string, text: string) => Promise<void>;
  previewText: string;
}

const maxSampleBytes = 10 * 1024 * 1024;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Loaded with the first request: the section shows its controls without the client's code. */
const speechClient = () => import('../../lib/speech/siliconflow-speech').then((module) => module.siliconFlowSpeechClient());

/** The account's cloned SiliconFlow voices: list, add (record or upload a sample), delete, preview (loaded once a key is entered). */
export function VoiceManager({ heading, model, selectedVoice, onSelect, onPreview, previewText }: VoiceManagerProps) {
  const t = useT(catalogue);
  const ids = useId();
  const apiKey = useSettings((settings) => settings.aichat.siliconflow_key);
  const baseURL = useSettings((settings) => settings.aichat.siliconflow_base_url);
  const queryKey = useMemo(() => ['speech', 'siliconflow-voices', baseURL, apiKey.length > 0], [baseURL, apiKey]);
  const voices = useOnDemandQuery({
    queryKey,
    queryFn: async ({ signal }) => (await speechClient()).listVoices(signal),
    enabled: apiKey.trim().length > 0,
    retry: false,
  });

  const [name, setName] = useState('');
  const [transcript, setTranscript] = useState('');
  const [sample, setSample] = useState<Blob | null>(null);
  const [sampleUrl, setSampleUrl] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);

  useEffect(() => {
    if (!sample) return setSampleUrl(null);
    const url = URL.createObjectURL(sample);
    setSampleUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [sample]);

  const onRecorded = useCallback((blob: Blob) => setSample(blob), []);
  const recorder = useRecorder(onRecorded);

  // Plain state rather than react-query's useMutation: two one-shot calls do not need its
  // observer, and leaving it out keeps Settings' first load within its budget (decision 0014).
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);

  const upload = async () => {
    if (!sample) return;
    setUploading(true);
    try {
      const { uri } = await (await speechClient()).uploadVoice({ audio: sample, model, customName: name.trim(), text: transcript.trim() });
      toast(t('voices.uploaded', { name: name.trim() }), 'success');
      setName('');
      setTranscript('');
      setSample(null);
      onSelect(uri);
      void (await onDemandQueryClient()).invalidateQueries({ queryKey });
    } catch (error) {
      toast(errorText(error), 'error');
    } finally {
      setUploading(false);
    }
  };

  const remove = async (voice: Voice) => {
    setDeleting(voice.uri);
    try {
      await (await speechClient()).deleteVoice(voice.uri);
      toast(t('voices.deleted', { name: voice.customName ?? voice.uri }), 'success');
      const queryClient = await onDemandQueryClient();
      queryClient.setQueryData<Voice[]>(queryKey, (list) => list?.filter((item) => item.uri !== voice.uri));
      void queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      toast(errorText(error), 'error');
    } finally {
      setDeleting(null);
    }
  };

  const nameError = name && !/^[A-Za-z0-9_-]{1,64}$/.test(name.trim()) ? t('add.name.invalid') : null;
  const canUpload = !!sample && !!name.trim() && !nameError && !!transcript.trim() && !uploading;

  return (
    <Stack gap="sm" aria-labelledby={`${ids}-heading`} role="group">
      {heading({ id: `${ids}-heading`, onRefresh: () => voices.refetch(), loading: voices.isFetching })}
      {voices.isError ? (
        <Alert color="red" variant="light" title={t('voices.loadFailed')}>
          {errorText(voices.error)}
        </Alert>
      ) : voices.data && voices.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('voices.empty')}
        </Text>
      ) : null}
      {voices.data?.length ? (
        <Stack gap={6} role="list" aria-label={t('voices.list')}>
          {voices.data.map((voice, index) => {
            const label = voice.customName ?? voice.uri;
            const selected = voice.uri === selectedVoice;
            const nameId = `${ids}-voice-${index}`;
            return (
              // Named by the voice's own name, shown as written.
              <Paper key={voice.uri} withBorder radius="md" px="sm" py={6} role="listitem" aria-labelledby={nameId}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm" truncate id={nameId} translate="no">
                        {label}
                      </Text>
                      {selected ? (
                        <Badge size="xs" variant="light">
                          {t('voices.inUse')}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed" truncate translate="no">
                      {voice.text || voice.uri}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <Hint label={t('voices.use')}>
                      <ActionIcon variant="subtle" aria-label={t('voices.useNamed', { name: label })} onClick={() => onSelect(voice.uri)} disabled={selected}>
                        <IconCheck size={16} />
                      </ActionIcon>
                    </Hint>
                    <Hint label={t('voices.preview')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('voices.previewNamed', { name: label })}
                        loading={previewing === voice.uri}
                        onClick={() => {
                          setPreviewing(voice.uri);
                          void onPreview(voice.uri, previewText).finally(() => setPreviewing(null));
                        }}
                      >
                        <IconPlayerPlay size={16} />
                      </ActionIcon>
                    </Hint>
                    <Hint label={t('voices.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('voices.deleteNamed', { name: label })}
                        loading={deleting === voice.uri}
                        onClick={() => void remove(voice)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Hint>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : null}

      <Paper withBorder radius="md" p="sm" component="form" aria-label={t('add.form')} onSubmit={(event) => {
        event.preventDefault();
        if (canUpload) void upload();
      }}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('add.heading')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('add.name')} placeholder={t('add.name.placeholder')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={nameError} />
            <FileInput
              label={t('add.file')}
              placeholder={t('add.file.placeholder')}
              // Drawn as text, not as an input's placeholder: it must meet 4.5:1 like any text.
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              accept="audio/*"
              clearable
              value={sample instanceof File ? sample : null}
              onChange={(file) => {
                if (file && file.size > maxSampleBytes) {
                  toast(t('add.file.tooBig'), 'error');
                  return;
                }
                setSample(file);
              }}
            />
          </SimpleGrid>
          <AutoTextarea
            label={t('add.transcript')}
            description={t('add.transcript.description')}
            minRows={2}
            value={transcript}
            onChange={(event) => setTranscript(event.currentTarget.value)}
          />
          <Group gap="xs" wrap="wrap">
            {recorder.supported ? (
              <Button
                variant={recorder.state === 'recording' ? 'filled' : 'default'}
                color={recorder.state === 'recording' ? 'red' : undefined}
                leftSection={recorder.state === 'recording' ? <IconPlayerStop size={16} aria-hidden /> : <IconMicrophone size={16} aria-hidden />}
                loading={recorder.state === 'processing'}
                onClick={() => (recorder.state === 'recording' ? recorder.stop() : void recorder.start())}
              >
                {recorder.state === 'recording' ? t('add.stopRecording') : t('add.record')}
              </Button>
            ) : null}
            {sampleUrl ? <audio controls src={sampleUrl} aria-label={t('add.sample')} style={{ height: 34, maxWidth: '100%' }} /> : null}
            <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} disabled={!canUpload} loading={uploading} ml="auto">
              {t('add.upload')}
            </Button>
          </Group>
          {recorder.error ? (
            <Text size="sm" className={classes.error}>
              {t(`recorder.${recorder.error}`)}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
