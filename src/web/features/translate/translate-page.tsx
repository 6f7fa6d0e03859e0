import { PageFrame } from '../../components/page-frame/page-frame';
import { FileTranslation } from './components/file-translation';
import { Translator } from './components/translator';

export function TranslatePage() {
  return (
    <PageFrame>
      <Translator renderExtra={({ from, to }) => <FileTranslation from={from} to={to} />} />
    </PageFrame>
  );
}
