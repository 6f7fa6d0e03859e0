import { ActionIcon, Alert, Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconMicrophone, IconPlayerPlay, IconPlayerStop, IconRefresh, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../../lib/notify';
import { useSettings } from '../../lib/settings-store';
import type { Voice } from '../../lib/speech/siliconflow-speech';
import { useRecorder } from './use-recorder';
import { AutoTextarea } from '../../components/auto-textarea/auto-textarea';
import { Hint } from '../../components/hint/hint';

interface VoiceManagerProps {
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

/** The account's cloned SiliconFlow voices: list, add (record or upload a sample), delete, preview. */
export function VoiceManager({ model, selectedVoice, onSelect, onPreview, previewText }: VoiceManagerProps) {
  const apiKey = useSettings((settings) => settings.aichat.siliconflow_key);
  const baseURL = useSettings((settings) => settings.aichat.siliconflow_base_url);
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ['speech', 'siliconflow-voices', baseURL, apiKey.length > 0], [baseURL, apiKey]);
  const voices = useQuery({
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
      toast(`voice ${name.trim()} uploaded`, 'success');
      setName('');
      setTranscript('');
      setSample(null);
      onSelect(uri);
      void queryClient.invalidateQueries({ queryKey });
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
      toast(`voice ${voice.customName ?? voice.uri} deleted`, 'success');
      queryClient.setQueryData<Voice[]>(queryKey, (list) => list?.filter((item) => item.uri !== voice.uri));
      void queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      toast(errorText(error), 'error');
    } finally {
      setDeleting(null);
    }
  };

  const nameError = name && !/^[A-Za-z0-9_-]{1,64}$/.test(name.trim()) ? 'letters, digits, - and _ only' : null;
  const canUpload = !!sample && !!name.trim() && !nameError && !!transcript.trim() && !uploading;

  return (
    <Stack gap="sm" aria-label="SiliconFlow voices" role="group">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4} size="h5">
          SiliconFlow voices
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void voices.refetch()}
          loading={voices.isFetching}
          disabled={!apiKey.trim()}
        >
          refresh voices
        </Button>
      </Group>
      {!apiKey.trim() ? (
        <Text size="sm" c="dimmed">
          Set the SiliconFlow API key in the AIChat section (and save) to manage your cloned voices.
        </Text>
      ) : voices.isError ? (
        <Alert color="red" variant="light" title="failed to load voices">
          {errorText(voices.error)}
        </Alert>
      ) : voices.data && voices.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No voices yet. Add one below.
        </Text>
      ) : null}
      {voices.data?.length ? (
        <Stack gap={6} role="list" aria-label="voices">
          {voices.data.map((voice) => {
            const label = voice.customName ?? voice.uri;
            const selected = voice.uri === selectedVoice;
            return (
              <Paper key={voice.uri} withBorder radius="md" px="sm" py={6} role="listitem" aria-label={label}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm" truncate>
                        {label}
                      </Text>
                      {selected ? (
                        <Badge size="xs" variant="light">
                          in use
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {voice.text || voice.uri}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <Hint label="use this voice">
                      <ActionIcon variant="subtle" aria-label={`use ${label}`} onClick={() => onSelect(voice.uri)} disabled={selected}>
                        <IconCheck size={16} />
                      </ActionIcon>
                    </Hint>
                    <Hint label="preview">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`preview ${label}`}
                        loading={previewing === voice.uri}
                        onClick={() => {
                          setPreviewing(voice.uri);
                          void onPreview(voice.uri, previewText).finally(() => setPreviewing(null));
                        }}
                      >
                        <IconPlayerPlay size={16} />
                      </ActionIcon>
                    </Hint>
                    <Hint label="delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`delete ${label}`}
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

      <Paper withBorder radius="md" p="sm" component="form" aria-label="add a voice" onSubmit={(event) => {
        event.preventDefault();
        if (canUpload) void upload();
      }}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Add a voice
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="voice name" placeholder="my-voice" value={name} onChange={(event) => setName(event.currentTarget.value)} error={nameError} />
            <FileInput
              label="sample file"
              placeholder="choose an audio file"
              accept="audio/*"
              clearable
              value={sample instanceof File ? sample : null}
              onChange={(file) => {
                if (file && file.size > maxSampleBytes) {
                  toast('the sample must be smaller than 10 MB', 'error');
                  return;
                }
                setSample(file);
              }}
            />
          </SimpleGrid>
          <AutoTextarea
            label="sample transcript"
            description="Exactly what is said in the sample."
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
                {recorder.state === 'recording' ? 'stop recording' : 'record sample'}
              </Button>
            ) : null}
            {sampleUrl ? <audio controls src={sampleUrl} aria-label="sample" style={{ height: 34, maxWidth: '100%' }} /> : null}
            <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} disabled={!canUpload} loading={uploading} ml="auto">
              upload voice
            </Button>
          </Group>
          {recorder.error ? (
            <Text size="sm" c="red">
              {recorder.error}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
