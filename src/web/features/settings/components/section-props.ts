import type { SettingsDraft } from '../hooks/use-settings-draft';

export type SectionProps = Pick<SettingsDraft, 'draft' | 'update' | 'set'>;
