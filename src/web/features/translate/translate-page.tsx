import { PageFrame } from '../../components/page-frame/page-frame';

export function TranslatePage() {
  return <PageFrame title="Translation" />;
}
