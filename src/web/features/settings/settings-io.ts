import { download } from '../../lib/download';
import { exportFileName, importMessages, importSettings, type ImportResult, type Settings } from '../../../common/settings';
import type { KeysOf } from '../../lib/i18n/i18n';
import type { Translate } from '../../lib/i18n/use-t';
import type { catalogue } from './i18n';

export function isJsonFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.json') || file.type === 'application/json';
}

function readAsText(file: File): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** Reads a picked file and merges it over `current` (docs/storage.md "Import and export"); never throws. */
export async function importSettingsFile(current: Settings, file: File): Promise<ImportResult> {
  if (!isJsonFile(file)) return { ok: false, message: importMessages.unsupportedType };
  let content: unknown;
  try {
    content = await readAsText(file);
  } catch {
    return { ok: false, message: importMessages.unsupportedType };
  }
  return importSettings(current, content);
}

/**
 * An import error (the messages of docs/storage.md "Import and export", from common/settings) in
 * the interface language; the Chinese wording stays as written in zh and en.
 */
export function importErrorMessage(t: Translate<KeysOf<typeof catalogue>>, message: string): string {
  if (message === importMessages.unsupportedType) return t('import.unsupportedType');
  if (message === importMessages.badJson) return t('import.badJson');
  const sections = `${importMessages.badJson}: `;
  if (message.startsWith(sections)) return t('import.badJsonSections', { sections: message.slice(sections.length) });
  return message;
}

/** Downloads `settings` as settings_YYYY-MM-DD.json (docs/storage.md "Import and export"). */
export function downloadSettings(settings: Settings, now = new Date()): void {
  download(exportFileName(now), JSON.stringify(settings, null, 2), 'application/json');
}
