import { PageFrame } from '../../components/page-frame/page-frame';

export function ChatPage() {
  return <PageFrame title="AIChat" />;
}
