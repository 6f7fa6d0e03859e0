import { lazy, Suspense } from 'react';
import { PageFrame } from '../../components/page-frame/page-frame';
import { useAfterPaint } from '../../lib/use-after-paint';
import { Translator } from './components/translator';

// File translation sits under the results and loads once the translator has painted, so that paint never waits for it.
const FileTranslation = lazy(() => import('./components/file-translation').then((module) => ({ default: module.FileTranslation })));

export function TranslatePage() {
  const painted = useAfterPaint();
  return (
    <PageFrame>
      <Translator
        renderExtra={({ from, to }) =>
          painted ? (
            <Suspense fallback={null}>
              <FileTranslation from={from} to={to} />
            </Suspense>
          ) : null
        }
      />
    </PageFrame>
  );
}
