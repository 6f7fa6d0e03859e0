import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PageFrame } from '../../components/page-frame/page-frame';
import { SlideIn } from '../../components/slide-in/slide-in';
import { useT } from '../../lib/i18n/use-t';
import { openModal } from '../../lib/modal-store';
import { toast } from '../../lib/notify';
import { catalogue } from './i18n';
import classes from './test-page.module.css';

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
  const t = useT(catalogue);
  const [name, setName] = useState('');
  return (
    <Stack>
      <TextInput label={t('modal.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
      <Text size="sm" c="dimmed">
        {t('modal.selection')} <span lang="ja">雪国であった。</span>
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('modal.cancel')}
        </Button>
        <Button onClick={() => onConfirm(name)}>{t('modal.confirm')}</Button>
      </Group>
    </Stack>
  );
}

/** A workbench page for trying the shared mechanisms: modal, toasts, selection and slide-in. */
export function TestPage() {
  const t = useT(catalogue);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  return (
    <PageFrame>
      <Group>
        <Button
          onClick={() =>
            openModal<string>({
              title: t('modal.title'),
              render: ({ confirm, close }) => <NameForm onConfirm={confirm} onCancel={close} />,
              onConfirm: (name) => setConfirmed(name),
            })
          }
        >
          {t('modal.open')}
        </Button>
        <Button variant="light" onClick={() => toast(t('toast.normal'), 'success')}>
          {t('toast.show')}
        </Button>
        <Button variant="light" color="yellow" classNames={{ label: classes.onTint }} onClick={() => toast(t('toast.warning'), 'warning')}>
          {t('toast.showWarning')}
        </Button>
      </Group>
      <Text aria-live="polite" data-testid="modal-result">
        {confirmed === null ? t('modal.none') : t('modal.confirmed', { name: confirmed })}
      </Text>
      <Text fw={600}>{t('selection')}</Text>
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
          <Text>{t('slideIn')}</Text>
        </Card>
      </SlideIn>
    </PageFrame>
  );
}
