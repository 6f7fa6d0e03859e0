import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StructuredContent } from '../../../../common/dictionaries';
import { LookUpProvider } from './look-up';
import { linkTarget, mediaUrl, safeStyle, StructuredContentView } from './structured-content';

afterEach(cleanup);

function draw(content: unknown, lookUp: (query: string) => void = () => {}) {
  const { container } = render(
    <MantineProvider env="test">
      <LookUpProvider lookUp={lookUp}>
        <div data-testid="entry">
          <StructuredContentView content={content as StructuredContent} dictionary="jitendex" />
        </div>
      </LookUpProvider>
    </MantineProvider>,
  );
  return container.querySelector('[data-testid="entry"]')!;
}

describe('structured content', () => {
  it('draws the schema tags as elements: nested lists, ruby, tables, details, data attributes as data-sc-*', () => {
    const entry = draw([
      { tag: 'ul', data: { content: 'glossary' }, content: [{ tag: 'li', content: 'to eat' }, { tag: 'li', content: ['to live on ', { tag: 'span', style: { fontStyle: 'italic' }, content: '(a salary)' }] }] },
      {
        tag: 'div',
        data: { content: 'exampleSentence', sentenceKind: 'ja' },
        content: [{ tag: 'ruby', content: ['食', { tag: 'rp', content: '(' }, { tag: 'rt', content: 'た' }, { tag: 'rp', content: ')' }] }, 'べる'],
      },
      { tag: 'table', content: { tag: 'tbody', content: { tag: 'tr', content: [{ tag: 'th', content: 'key' }, { tag: 'td', colSpan: 2, content: 'value' }] } } },
      { tag: 'details', content: [{ tag: 'summary', content: 'more' }, 'hidden part'] },
      'line one\nline two',
    ]);
    expect(entry.querySelectorAll('ul > li')).toHaveLength(2);
    expect(entry.querySelector('ul')).toHaveAttribute('data-sc-content', 'glossary');
    expect(entry.querySelector('span')).toHaveStyle({ fontStyle: 'italic' });
    expect(entry.querySelector('ruby rt')).toHaveTextContent('た');
    expect(entry.querySelector('div')).toHaveAttribute('data-sc-content', 'exampleSentence');
    expect(entry.querySelector('div')).toHaveAttribute('data-sc-sentence-kind', 'ja');
    expect(entry.querySelector('td')).toHaveAttribute('colspan', '2');
    expect(entry.querySelector('details summary')).toHaveTextContent('more');
    expect(entry.querySelectorAll('br')).toHaveLength(1);
  });

  it('renders hostile trees inert: no script, iframe, handler, javascript: link or fixed position gets through', () => {
    const entry = draw([
      { tag: 'script', content: 'window.hacked = true' },
      { tag: 'iframe', src: 'https://evil.example/', content: 'frame' },
      { tag: 'img', path: 'x.png', onerror: 'window.hacked = true', src: 'javascript:alert(1)' },
      { tag: 'span', onclick: 'window.hacked = true', onmouseover: 'x', style: { position: 'fixed', top: 0, zIndex: 9999, color: 'red', background: 'url(https://tracker.example/p.gif)', backgroundColor: 'red; position: fixed' }, content: 'styled' },
      { tag: 'a', href: 'javascript:alert(1)', content: 'bad link' },
      { tag: 'a', href: 'data:text/html,<script>alert(1)</script>', content: 'data link' },
      { tag: 'div', dangerouslySetInnerHTML: { __html: '<img src=x onerror=alert(1)>' }, content: 'safe text' },
      { tag: 'div', data: { 'x"><script>': 'v', ok: 'fine' }, content: 'data' },
      { tag: 'img', path: '../../etc/passwd' },
      { tag: 'img', path: '/etc/passwd' },
      { tag: 'img', path: 'https://evil.example/a.png' },
      { tag: 'svg', content: { tag: 'span', content: 'inside svg' } },
    ]);
    expect(entry.querySelector('script, iframe, svg, object, embed, style, link')).toBeNull();
    expect(entry.textContent).not.toContain('window.hacked');
    expect(entry.textContent).not.toContain('inside svg');
    for (const element of entry.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
        expect(attribute.value.toLowerCase()).not.toContain('javascript:');
      }
    }
    const styled = screen.getByText('styled');
    expect(styled.style.position).toBe('');
    expect(styled.style.zIndex).toBe('');
    expect(styled.style.top).toBe('');
    expect(styled.style.background).toBe('');
    expect(styled.style.backgroundColor).toBe('');
    expect(styled.style.color).toBe('red');
    expect(entry.querySelectorAll('a')).toHaveLength(0);
    expect(screen.getByText('bad link').tagName).toBe('SPAN');
    expect(screen.getByText('safe text').innerHTML).toBe('safe text');
    expect(screen.getByText('data')).toHaveAttribute('data-sc-ok', 'fine');
    // The one image with a path inside the dictionary is drawn; the others are dropped.
    const images = entry.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', '/api/dict/dictionaries/jitendex/media/x.png');
  });

  it('opens web links in a new tab without the opener, and looks a ?query= link up in place', async () => {
    const lookUp = vi.fn();
    draw(
      [
        { tag: 'a', href: 'https://www.edrdg.org/jmdict/j_jmdict.html', content: 'JMdict' },
        { tag: 'a', href: '?query=%E9%A3%9F%E3%81%86&wildcards=off', content: '食う' },
      ],
      lookUp,
    );
    const web = screen.getByRole('link', { name: 'JMdict' });
    expect(web).toHaveAttribute('target', '_blank');
    expect(web).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.setup().click(screen.getByRole('link', { name: '食う' }));
    expect(lookUp).toHaveBeenCalledWith('食う');
  });

  it('draws images from the dictionary’s own files at their declared size', () => {
    const entry = draw({ tag: 'img', path: 'img/食 1.png', width: 2, height: 1.5, sizeUnits: 'em', title: 'a bowl', alt: 'bowl', imageRendering: 'pixelated' });
    const image = entry.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/api/dict/dictionaries/jitendex/media/img/%E9%A3%9F%201.png');
    expect(image.style.width).toBe('2em');
    expect(image.style.height).toBe('1.5em');
    expect(image).toHaveAttribute('alt', 'bowl');
    expect(image).toHaveAttribute('title', 'a bowl');
  });
});

describe('the allow-lists', () => {
  it('keep only the schema’s style properties with values that fetch nothing', () => {
    expect(safeStyle({ fontWeight: 'bold', marginTop: 4, position: 'absolute', textDecorationLine: ['underline', 'overline'], clipPath: 'url(#x)', color: 'var(--x)' })).toEqual({
      fontWeight: 'bold',
      marginTop: 4,
      textDecorationLine: 'underline overline',
    });
  });

  it('take web and ?query= links only, and image paths inside the dictionary only', () => {
    expect(linkTarget('https://example.org/a')).toEqual({ kind: 'web', url: 'https://example.org/a' });
    expect(linkTarget('?query=猫')).toEqual({ kind: 'lookup', query: '猫' });
    expect(linkTarget('JAVASCRIPT:alert(1)')).toBeNull();
    expect(linkTarget('//evil.example/')).toBeNull();
    expect(linkTarget('?wildcards=off')).toBeNull();
    expect(mediaUrl('d', 'a/./b.png')).toBeNull();
    expect(mediaUrl('d', 'a\\b.png')).toBeNull();
    expect(mediaUrl('a/b', 'c.png')).toBe('/api/dict/dictionaries/a%2Fb/media/c.png');
  });
});
