import { words, type SectionProps, type SettingsSection } from '../../features/settings/components/section-props';
import { AccessSection } from '../../features/settings/components/access-section';
import { AiChatSection } from '../../features/settings/components/aichat-section';
import { AnkiSection } from '../../features/settings/components/anki-section';
import { NotionSection } from '../../features/settings/components/notion-section';
import { SearchSection } from '../../features/settings/components/search-section';
import { ShonagonSection } from '../../features/settings/components/shonagon-section';
import { SystemSection } from '../../features/settings/components/system-section';
import { TranslatorSection } from '../../features/settings/components/translator-section';
import { UploadSection } from '../../features/settings/components/upload-section';
import { XpanSection } from '../../features/settings/components/xpan-section';
import { catalogue as settingsWords } from '../../features/settings/i18n';
import { SettingsPage } from '../../features/settings/settings-page';
import { DictionariesSection } from '../../features/dictionary/manage/dictionaries-section';
import { catalogue as dictionariesWords } from '../../features/dictionary/manage/i18n';
import { SpeechSettingsSection } from '../../features/speech/speech-settings-section';
import { common } from '../../lib/i18n/common';
import { BackupButtons } from '../sync/backup-buttons';
import { SyncSection } from '../sync/sync-section';

function SpeechSection({ draft, update }: SectionProps) {
  return <SpeechSettingsSection value={draft.speech} onChange={(patch) => update('speech', patch)} />;
}

/** System's own controls, then the backup of everything sync knows (app code: settings does not import it). */
function SystemWithBackup(props: SectionProps) {
  return (
    <>
      <SystemSection {...props} />
      <BackupButtons />
    </>
  );
}

/**
 * Every section of Settings, in the order shown: a new section is one entry here, whichever
 * feature owns it (this route composes them, so settings imports no other feature). Imported, not
 * lazy: every section's controls are on the page when it first paints.
 */
const sections: SettingsSection[] = [
  { id: 'shonagon', part: 'shonagon', title: words(settingsWords, 'section.shonagon'), description: words(settingsWords, 'shonagon.description'), Content: ShonagonSection },
  { id: 'notion', part: 'notion', title: words(settingsWords, 'section.notion'), description: words(settingsWords, 'notion.description'), Content: NotionSection },
  { id: 'search', part: 'avsearch', title: words(settingsWords, 'section.search'), description: words(settingsWords, 'search.description'), Content: SearchSection },
  { id: 'upload', part: 'uploadToken', title: words(settingsWords, 'section.upload'), description: words(settingsWords, 'upload.description'), Content: UploadSection },
  { id: 'xpan', part: 'xpan', title: words(settingsWords, 'section.xpan'), description: words(settingsWords, 'xpan.description'), Content: XpanSection },
  { id: 'anki', part: 'anki', title: words(settingsWords, 'section.anki'), description: words(settingsWords, 'anki.description'), Content: AnkiSection },
  { id: 'access', part: 'accessToken', title: words(settingsWords, 'section.access'), description: words(settingsWords, 'access.description'), Content: AccessSection },
  { id: 'aichat', part: 'aichat', title: words(settingsWords, 'section.aichat'), description: words(settingsWords, 'aichat.description'), Content: AiChatSection },
  { id: 'translator', part: 'translator', title: words(settingsWords, 'section.translator'), description: words(settingsWords, 'translator.description'), Content: TranslatorSection },
  { id: 'speech', part: 'speech', title: words(common, 'settingsRoute.speech'), Content: SpeechSection },
  // The learner's dictionaries live on the server: no part of the draft, nothing for Save.
  { id: 'dictionaries', title: words(common, 'settingsRoute.dictionaries'), description: words(dictionariesWords, 'dictionaries.description'), Content: DictionariesSection },
  // Sync acts at once on this device and the vault: no part of the draft, nothing for Save.
  { id: 'sync', title: words(settingsWords, 'section.sync'), description: words(settingsWords, 'sync.description'), Content: SyncSection },
  { id: 'system', part: ['proxy', 'tapLookup'], title: words(settingsWords, 'section.system'), Content: SystemWithBackup },
];

export function SettingsRoute() {
  return <SettingsPage sections={sections} />;
}
