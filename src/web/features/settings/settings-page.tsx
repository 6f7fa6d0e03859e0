import type { ReactNode } from 'react';
import { PageFrame } from '../../components/page-frame/page-frame';

export interface ExtraSection {
  id: string;
  title: string;
  content: ReactNode;
}

export function SettingsPage({ extraSections }: { extraSections: ExtraSection[] }) {
  return <PageFrame title="Settings">{extraSections.map((section) => section.content)}</PageFrame>;
}
