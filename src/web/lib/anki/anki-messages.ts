import type { Settings } from '../../../common/settings';
import { HttpError } from '../http/http-client';
import { translate } from '../i18n/i18n';
import { AnkiError } from './anki-client';
import { ankiCatalogue } from './i18n';

/** What to tell the learner about a failed Anki call: what went wrong and what to fix. Needs the anki catalogue loaded. */
export function ankiErrorMessage(error: unknown, anki: Settings['anki']): string {
  if (error instanceof AnkiError) {
    switch (error.failure) {
      case 'down':
        return translate(ankiCatalogue, 'error.down');
      case 'deck':
        return translate(ankiCatalogue, 'error.deck', { deck: anki.deck });
      case 'model':
        return translate(ankiCatalogue, 'error.model', { model: anki.model });
      case 'field':
        return translate(ankiCatalogue, 'error.field', { model: anki.model, field: error.message });
      case 'empty':
        return translate(ankiCatalogue, 'error.empty', { field: error.message });
      case 'api-key':
        return translate(ankiCatalogue, 'error.apiKey');
      case 'permission':
        return translate(ankiCatalogue, 'error.permission');
      case 'unsupported':
        return translate(ankiCatalogue, 'error.unsupported');
      case 'refused':
        return translate(ankiCatalogue, 'error.refused');
      default:
        return translate(ankiCatalogue, 'error.other', { message: error.message });
    }
  }
  if (error instanceof HttpError) return translate(ankiCatalogue, 'error.fetch', { message: error.message });
  return translate(ankiCatalogue, 'error.other', { message: error instanceof Error ? error.message : String(error) });
}
