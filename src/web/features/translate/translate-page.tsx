import { lazy, Suspense } from 'react';
import { PageFrame } from '../../components/page-frame/page-frame';
import { useLocation } from 'react-router';
import { readTranslateRouteState } from '../../lib/translate-route';
import { useAfterPaint } from '../../lib/use-after-paint';
import { Translator } from './components/translator';
import { untilLoaded } from '../../lib/until-loaded';

// File translation sits under the results and loads once the translator has painted, so that paint never waits for it.
const FileTranslation = lazy(() => untilLoaded(() => import('./components/file-translation')).then((module) => ({ default: module.FileTranslation })));

export function TranslatePage() {
  const painted = useAfterPaint();
  // A text handed over by another screen (a share to Kotonoha), filled in but not translated.
  const handedOver = readTranslateRouteState(useLocation().state);
  return (
    <PageFrame>
      <Translator
        key={handedOver?.text}
        initialText={handedOver?.text}
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
