import { lazy, Suspense } from 'react';
import { isSecureOrigin } from '../../../lib/secure-context';
import { untilLoaded } from '../../../lib/until-loaded';

// Its words and components load only where it shows: most learners never see it.
const Body = lazy(() => untilLoaded(() => import('./insecure-context-notice-body')).then((module) => ({ default: module.InsecureContextNoticeBody })));

/** Shown only over plain http to another machine: what HTTPS would add, and where the README says how. */
export function InsecureContextNotice() {
  if (isSecureOrigin()) return null;
  return (
    <Suspense fallback={null}>
      <Body />
    </Suspense>
  );
}
