import { dictLookupSchema } from '../../../common/dict';
import { http } from '../http/http-client';

/** The dictionary's reading and meaning of a word, for a card made where only the word is known; empty when it has none. */
export async function dictionaryWords(word: string, signal?: AbortSignal): Promise<{ reading: string; meaning: string }> {
  try {
    const answer = await http.json('/api/dict/lookup', { query: { q: word }, schema: dictLookupSchema, timeoutMs: 10_000, signal });
    const entry = answer.results.find((candidate) => candidate.headwords.some((form) => form.text === word) || candidate.readings.some((form) => form.text === word)) ?? answer.results[0];
    if (!entry) return { reading: '', meaning: '' };
    return {
      reading: entry.headwords.length ? entry.readings.map((form) => form.text).join('・') : '',
      meaning: entry.senses.map((sense) => sense.glosses.join(', ')).join('; '),
    };
  } catch {
    // No dictionary (not imported yet): the card still has its word and sentence.
    return { reading: '', meaning: '' };
  }
}
