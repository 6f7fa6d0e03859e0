import { Tabs, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';

const modes = [
  { value: 'single', label: 'Single search' },
  { value: 'multiple', label: 'Multiple search' },
  { value: 'history', label: 'History' },
];

export function ShonagonPage() {
  const { mode = 'single' } = useParams();
  const navigate = useNavigate();
  return (
    <PageFrame>
      <Tabs value={mode} onChange={(value) => value && navigate(`/shonagon/${value}`)}>
        <Tabs.List>
          {modes.map((m) => (
            <Tabs.Tab key={m.value} value={m.value}>
              {m.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Text c="dimmed">The corpus search arrives in a later release.</Text>
    </PageFrame>
  );
}
