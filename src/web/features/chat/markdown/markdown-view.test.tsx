import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

const wrap = (node: React.ReactNode) => <MantineProvider>{node}</MantineProvider>;

describe('MarkdownView', () => {
  it('re-renders only the tail while streaming: finished blocks keep their DOM nodes', () => {
    const first = '# Heading\n\nFirst paragraph.\n\nSecond para';
    const view = render(wrap(<MarkdownView text={first} streaming />));
    const blocksBefore = [...view.container.querySelectorAll('.md-block')];
    expect(blocksBefore).toHaveLength(3);
    const headingNode = blocksBefore[0].firstChild;

    view.rerender(wrap(<MarkdownView text={`${first}graph grows\n\n- item`} streaming />));
    const blocksAfter = [...view.container.querySelectorAll('.md-block')];
    expect(blocksAfter).toHaveLength(4);
    // Same element and same inner node: React did not touch the finished blocks.
    expect(blocksAfter[0]).toBe(blocksBefore[0]);
    expect(blocksAfter[0].firstChild).toBe(headingNode);
    expect(blocksAfter[1]).toBe(blocksBefore[1]);
    expect(blocksAfter[2].textContent?.trim()).toBe('Second paragraph grows');
    expect(blocksAfter[3].querySelector('li')?.textContent).toBe('item');
  });

  it('renders the complete text the same way once streaming ends', () => {
    const text = 'Intro\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[x](javascript:alert(1))';
    const view = render(wrap(<MarkdownView text={text} streaming />));
    view.rerender(wrap(<MarkdownView text={text} />));
    expect(view.container.querySelector('table')).not.toBeNull();
    expect(view.container.innerHTML).not.toContain('javascript:');
  });
});
