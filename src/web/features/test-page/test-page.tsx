import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PageFrame } from '../../components/page-frame/page-frame';
import { SlideIn } from '../../components/slide-in/slide-in';
import { openModal } from '../../lib/modal-store';
import { toast } from '../../lib/notify';

const sampleSentences = [
  '吾輩は猫である。名前はまだ無い。',
  '国境の長いトンネルを抜けると雪国であった。',
  '春はあけぼの。やうやう白くなりゆく山ぎは、すこしあかりて。',
  'ゆく河の流れは絶えずして、しかももとの水にあらず。',
  '祇園精舎の鐘の声、諸行無常の響きあり。',
  'メロスは激怒した。必ず、かの邪智暴虐の王を除かなければならぬと決意した。',
  '私は毎日、日本語を勉強しています。',
];

function NameForm({ onConfirm, onCancel }: { onConfirm: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  return (
    <Stack>
      <TextInput label="name" value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
      <Text size="sm" c="dimmed">
        Text in a modal has the selection menu too: <span lang="ja">雪国であった。</span>
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          cancel
        </Button>
        <Button onClick={() => onConfirm(name)}>confirm</Button>
      </Group>
    </Stack>
  );
}

/** A workbench page for trying the shared mechanisms: modal, toasts, selection and slide-in. */
export function TestPage() {
  const [confirmed, setConfirmed] = useState<string | null>(null);
  return (
    <PageFrame>
      <Group>
        <Button
          onClick={() =>
            openModal<string>({
              title: 'Test modal',
              render: ({ confirm, close }) => <NameForm onConfirm={confirm} onCancel={close} />,
              onConfirm: (name) => setConfirmed(name),
            })
          }
        >
          open modal
        </Button>
        <Button variant="light" onClick={() => toast('A normal toast', 'success')}>
          show toast
        </Button>
        <Button variant="light" color="yellow" onClick={() => toast('A warning toast', 'warning')}>
          show warning
        </Button>
      </Group>
      <Text aria-live="polite" data-testid="modal-result">
        {confirmed === null ? 'No modal confirmed yet.' : `Confirmed: ${confirmed}`}
      </Text>
      <Text fw={600}>Select some Japanese text:</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {sampleSentences.map((sentence, index) => (
          <SlideIn key={index}>
            <Card withBorder padding="lg" data-testid="sample-card">
              <Text lang="ja" size="lg">
                {sentence}
              </Text>
            </Card>
          </SlideIn>
        ))}
      </SimpleGrid>
      <div style={{ height: '120vh' }} aria-hidden="true" />
      <SlideIn data-testid="slide-in-below">
        <Card withBorder padding="lg">
          <Text>This card slid in when it first entered the viewport.</Text>
        </Card>
      </SlideIn>
    </PageFrame>
  );
}
