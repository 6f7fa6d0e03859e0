import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { AccessSection } from './access-section';
import { AiChatSection } from './aichat-section';
import { NotionSection } from './notion-section';
import { SearchSection } from './search-section';
import type { ExtraSection, SectionProps } from './section-props';
import { SettingsCard } from './settings-card';
import { SystemSection } from './system-section';
import { TranslatorSection } from './translator-section';
import { UploadSection } from './upload-section';
import { XpanSection } from './xpan-section';

/**
 * Every section after the first, in their own chunk (their selects, sortable lists and dialogs
 * load after the screen has painted), and added one per commit: a commit cannot be split, so one
 * section at a time keeps each main-thread task short.
 */
export function LaterSections({ extraSections, ...sectionProps }: SectionProps & { extraSections: ExtraSection[] }) {
  const sections: ReactNode[] = [
    <NotionSection key="notion" {...sectionProps} />,
    <SearchSection key="search" {...sectionProps} />,
    <UploadSection key="upload" {...sectionProps} />,
    <XpanSection key="xpan" {...sectionProps} />,
    <AccessSection key="access" {...sectionProps} />,
    <AiChatSection key="aichat" {...sectionProps} />,
    <TranslatorSection key="translator" {...sectionProps} />,
    ...extraSections.map((section) => (
      <SettingsCard key={section.id} id={section.id} title={section.title}>
        {section.content(sectionProps)}
      </SettingsCard>
    )),
    <SystemSection key="system" {...sectionProps} />,
  ];
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= sections.length) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, sections.length]);
  return <>{sections.slice(0, shown)}</>;
}
