import type { ComponentType } from 'react';
import type { Settings } from '../../../../common/settings';
import type { Catalogue } from '../../../lib/i18n/i18n';
import type { SettingsDraft } from '../hooks/use-settings-draft';

export type SectionProps = Pick<SettingsDraft, 'draft' | 'update' | 'set'>;

/** A message of some catalogue, worded when drawn (so a switch of language rewords it). */
export interface Words {
  catalogue: Catalogue;
  key: string;
}

export function words<Keys extends string>(catalogue: Catalogue<Keys>, key: Keys): Words {
  return { catalogue, key };
}

/**
 * One section of the settings screen: a card on the page and a link in its section nav. Every
 * section, the screen's own and those of other features (speech), is one entry of the one list
 * the route hands the page (app/pages/settings-route.tsx).
 */
export interface SettingsSection {
  /** The card's id, the nav's #anchor. */
  id: string;
  /**
   * The part of the settings it edits: it renders again only when that part of the draft changes.
   * Absent for a section that edits none (it acts on the server at once): it renders once.
   */
  part?: keyof Settings | readonly (keyof Settings)[];
  title: Words;
  description?: Words;
  /** The card's controls, editing the page's draft: saved (and guarded) with everything else. */
  Content: ComponentType<SectionProps>;
}
