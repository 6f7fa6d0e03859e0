import { PageFrame } from '../../components/page-frame/page-frame';
import { FileTranslation } from './components/file-translation';
import { Translator } from './components/translator';

export function TranslatePage() {
  return (
    <PageFrame title="Translation" description="Every enabled engine translates at once; drag a card by its handle to reorder.">
      <Translator renderExtra={({ from, to }) => <FileTranslation from={from} to={to} />} />
    </PageFrame>
  );
}
