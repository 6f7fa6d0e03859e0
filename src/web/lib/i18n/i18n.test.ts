import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, activeLanguage, defineCatalogue, loadCatalogue, translate } from './i18n';

const greetings = { en: 'hello', zh: '你好', ja: 'こんにちは' } as const;

/** A catalogue whose Japanese download waits for `gate` (the others arrive at once). */
function catalogueFor(namespace: string, gate: Promise<void> = Promise.resolve()) {
  const load = (language: keyof typeof greetings) => async () => {
    if (language === 'ja') await gate;
    return { default: { greeting: greetings[language] } };
  };
  return defineCatalogue<{ greeting: string }>(namespace, { en: load('en'), zh: load('zh'), ja: load('ja') });
}

describe('switching the language', () => {
  afterAll(() => activateLanguage('en'));

  it('fetches a catalogue first asked for during the switch in the new language too, so no key name shows', async () => {
    let open: () => void = () => {};
    const first = catalogueFor('test-first', new Promise<void>((resolve) => (open = resolve)));
    const late = catalogueFor('test-late');
    await activateLanguage('zh');
    await loadCatalogue(first);

    const switching = activateLanguage('ja');
    // While the switch waits for the first catalogue in Japanese, a screen asks for another one in
    // the language still active, as Settings does for Anki's messages.
    await loadCatalogue(late);
    expect(translate(late, 'greeting')).toBe('你好');
    open();
    await switching;

    expect(activeLanguage()).toBe('ja');
    expect(translate(first, 'greeting')).toBe('こんにちは');
    expect(translate(late, 'greeting')).toBe('こんにちは');
  });
});
