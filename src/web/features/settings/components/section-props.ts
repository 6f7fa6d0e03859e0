import type { ReactNode } from 'react';
import type { Settings } from '../../../../common/settings';
import type { SettingsDraft } from '../hooks/use-settings-draft';

export type SectionProps = Pick<SettingsDraft, 'draft' | 'update' | 'set'>;

/** A section owned by another feature (e.g. speech), passed in by the route that composes them. */
export interface ExtraSection {
  id: string;
  title: string;
  /** The part of the settings it edits: it renders again only when that part of the draft changes. */
  part: keyof Settings;
  /** Rendered with the page's draft, so its edits are saved (and guarded) with everything else. */
  content: (props: SectionProps) => ReactNode;
}
