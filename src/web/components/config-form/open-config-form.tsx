import type { ConfigResult, ConfigTemplate } from '../../../common/config-templates';
import { openModal } from '../../lib/modal-store';
import { ConfigForm } from './config-form';

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
    render: ({ confirm, close }) => <ConfigForm template={template} initial={initial} onConfirm={confirm} onCancel={close} />,
    onConfirm,
  });
}
