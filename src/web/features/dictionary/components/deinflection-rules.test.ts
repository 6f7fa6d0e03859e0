import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, loadCatalogue, translate, type KeysOf } from '../../../lib/i18n/i18n';
import { catalogue } from '../i18n';
import { describeDeinflection } from './result-card';

const t = (key: KeysOf<typeof catalogue>, values?: Record<string, unknown>) => translate(catalogue, key, values);

describe('deinflection in words', () => {
  afterEach(() => activateLanguage('en'));

  it('reads as the server wrote it in English', () => {
    expect(describeDeinflection(t, { from: '食べた', to: '食べる', rules: ['past'] })).toBe('食べた ← past of 食べる');
    expect(describeDeinflection(t, { from: '書かれている', to: '書く', rules: ['passive', 'progressive (-te iru)'] })).toBe('書かれている ← passive + progressive (-te iru) of 書く');
  });

  it('names the conjugations in the interface language, and a rule it does not know as written', async () => {
    await loadCatalogue(catalogue, 'zh');
    await activateLanguage('zh');
    expect(describeDeinflection(t, { from: '書かれている', to: '書く', rules: ['passive', 'progressive (-te iru)'] })).toBe('書かれている ← 書く的被动 + 进行／持续（〜ている）');
    expect(describeDeinflection(t, { from: 'x', to: 'y', rules: ['some new rule'] })).toBe('x ← y的some new rule');
  });
});
