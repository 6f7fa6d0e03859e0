import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionariesList, eatLookup, kanjiLookup } from '../../../../../test-support/dictionary-answers';
import type { DictLookup } from '../../../../common/dict';
import { LookUpProvider } from './look-up';
import { ResultList } from './results';

/** The server's /api/dict/dictionaries, as it answers with the test dictionaries installed. */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), location.href);
      if (url.pathname === '/api/dict/dictionaries') return new Response(JSON.stringify(dictionariesList), { headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ error: 'not here' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(answer: DictLookup, lookUp: (query: string) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <LookUpProvider lookUp={lookUp}>
          <ResultList query={answer.query} answer={answer} />
        </LookUpProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the lookup card', { timeout: 20_000 }, () => {
  it('shows one card for 食べる with each dictionary’s definitions under its title, in the order the server gives', () => {
    show(eatLookup);
    const card = screen.getByRole('article', { name: '食べる' });
    const titles = within(card)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Jitendex.org [2025-04-11]', 'EDICT', '日汉词典 (Wiktionary)']);

    const jitendex = within(card).getByRole('region', { name: 'Jitendex.org [2025-04-11]' });
    expect(jitendex.querySelector('[data-dictionary="jitendex"]')).not.toBeNull();
    expect(within(jitendex).getByText('I eat breakfast.')).toHaveAttribute('data-sc-content', 'example-sentence-b');
    expect(jitendex.querySelector('ruby rt')).toHaveTextContent('あさ');

    const edict = within(card).getByRole('region', { name: 'EDICT' });
    expect(edict.querySelector('[data-dictionary="edict"]')).not.toBeNull();
    expect(within(edict).getAllByRole('listitem')).toHaveLength(2);
    expect(edict).toHaveTextContent('to live on (e.g. a salary); to live off; to subsist on');
    // A part of speech the app knows is named in the interface language; the dictionary's notes stay on hover.
    expect(within(edict).getAllByText('ichidan verb')[0]!.closest('[data-category]')).toHaveAttribute('title', 'Ichidan verb');

    const chinese = within(card).getByRole('region', { name: '日汉词典 (Wiktionary)' });
    expect(chinese).toHaveTextContent('动吃；食用; 生活，维持生计');
    // The dictionary's own words are never translated by the browser.
    expect(chinese.querySelector('[data-dictionary]')).toHaveAttribute('translate', 'no');
  });

  it('shows each frequency as “title: value”, leaving out one for another reading', () => {
    show(eatLookup);
    const frequencies = within(screen.getByRole('article', { name: '食べる' })).getByRole('group', { name: 'frequency' });
    expect(within(frequencies).getByText('JPDB: 1234')).toBeInTheDocument();
    expect(within(frequencies).getByText('BCCWJ: 687')).toBeInTheDocument();
  });

  it('draws the pitch accent [2] on たべる: low, high, then the fall', () => {
    show(eatLookup);
    const pitch = within(screen.getByRole('article', { name: '食べる' })).getByRole('group', { name: 'pitch accent' });
    expect(pitch).toHaveTextContent('[2]');
    const morae = [...pitch.querySelectorAll('[data-pitch]')].map((mora) => `${mora.textContent}:${mora.getAttribute('data-pitch')}${mora.hasAttribute('data-downstep') ? '↓' : ''}`);
    expect(morae).toEqual(['た:low', 'べ:high↓', 'る:low']);
  });

  it('loads the styles of a dictionary that brought some, and only those', () => {
    show(eatLookup);
    return vi.waitFor(() => {
      const links = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));
      expect(links).toEqual(['/api/dict/dictionaries/jitendex/styles.css']);
    });
  });

  it('looks a kanji of the headword up, and follows a ?query= link in place', async () => {
    const lookUp = vi.fn();
    show(eatLookup, lookUp);
    const user = userEvent.setup();
    const card = screen.getByRole('article', { name: '食べる' });
    await user.click(within(card).getByRole('button', { name: '食' }));
    expect(lookUp).toHaveBeenLastCalledWith('食');
    await user.click(within(card).getByRole('link', { name: '→食う' }));
    expect(lookUp).toHaveBeenLastCalledWith('食う');
    expect(within(card).getByRole('link', { name: 'JMdict' })).toHaveAttribute('target', '_blank');
  });

  it('shows the kanji card of 食 with its labelled facts and every stat by category', () => {
    show(kanjiLookup);
    const card = screen.getByRole('article', { name: 'kanji 食' });
    const fact = (label: string) => within(card).getByRole('definition', { name: label });
    expect(fact('meanings')).toHaveTextContent('eat; food');
    expect(fact('on')).toHaveTextContent('ショク、ジキ');
    expect(fact('kun')).toHaveTextContent('く.う、く.らう、た.べる、は.む');
    expect(fact('strokes')).toHaveTextContent('9');
    expect(fact('grade')).toHaveTextContent('2');
    expect(fact('JLPT')).toHaveTextContent('4');
    expect(fact('frequency')).toHaveTextContent('JPDB Kanji: 212');
    const kanjidic = within(card).getByRole('region', { name: 'KANJIDIC2' });
    expect(within(kanjidic).getAllByRole('table').map((table) => table.querySelector('caption')?.textContent)).toEqual(['details', 'codes', 'dictionary indices', 'classification']);
    expect(within(kanjidic).getByRole('row', { name: 'Classical radical 184' })).toBeInTheDocument();
    // The word entries follow the kanji card.
    expect(screen.getByRole('article', { name: '食' })).toBeInTheDocument();
  });
});
