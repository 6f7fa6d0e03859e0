import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CommonText } from '../components/common-text/common-text';
import { checkAccess, watchAccessToken } from '../lib/access';
import { common } from '../lib/i18n/common';
import { translate } from '../lib/i18n/i18n';
import { on } from '../lib/events';
import { openModal, useModalStore } from '../lib/modal-store';
import { untilLoaded } from '../lib/until-loaded';
import { screenPainted } from './first-paint';

const AccessForm = lazy(() => untilLoaded(() => import('./access-form')).then((m) => ({ default: m.AccessForm })));

/**
 * The dialog's title, in the interface language
 * (docs/on-screen-names.md "Dialogs opened from anywhere": the dialog named "Access token"); also
 * tells that it is open.
 */
const accessDialogTitle = <CommonText id="access.title" />;

function openAccessDialog() {
  if (useModalStore.getState().current?.title === accessDialogTitle) return;
  openModal({
    title: accessDialogTitle,
    size: 'md',
    render: ({ close }) => (
      <Suspense
        fallback={
          <Center p="md">
            <Loader aria-label={translate(common, 'loading')} />
          </Center>
        }
      >
        <AccessForm done={close} />
      </Suspense>
    ),
  });
}

/**
 * Asks for the server's access token when an API call answers 401 {code:"access-token"} (and on
 * start when the browser has no cookie yet), and keeps the cookie in step with Settings.
 */
export function registerAccessDialog(): () => void {
  const unsubscribers = [on('access-token-needed', openAccessDialog), watchAccessToken()];
  // After the screen's first paint: a screen that calls the API meets a 401 that asks anyway.
  // A network failure here is reported by the screen whose own call fails.
  void screenPainted.then(checkAccess).catch(() => undefined);
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
