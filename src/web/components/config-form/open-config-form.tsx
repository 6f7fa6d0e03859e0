import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ConfigResult, ConfigTemplate } from '../../../common/config-templates';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { openModal } from '../../lib/modal-store';
import { untilLoaded } from '../../lib/until-loaded';

// The form (its radios, switches, autocomplete) is only needed once a dialog opens, so the
// screens that list configurations (Settings) paint without it.
const ConfigForm = lazy(() => untilLoaded(() => import('./config-form')).then((m) => ({ default: m.ConfigForm })));

function Loading() {
  const t = useT(common);
  return <Loader aria-label={t('configForm.loading')} size="sm" mx="auto" my="md" />;
}

export interface OpenConfigFormOptions {
  template: ConfigTemplate;
  title: string;
  initial?: { name: string; value: Record<string, unknown> };
  onConfirm: (result: ConfigResult) => void;
}

/** Opens the config form in the generic modal; confirm hands back the Config result, cancel just closes. */
export function openConfigForm({ template, title, initial, onConfirm }: OpenConfigFormOptions): void {
  openModal<ConfigResult>({
    title,
    size: 'md',
    render: ({ confirm, close }) => (
      <Suspense fallback={<Loading />}>
        <ConfigForm template={template} initial={initial} onConfirm={confirm} onCancel={close} />
      </Suspense>
    ),
    onConfirm,
  });
}
