import { describe, expect, it } from 'vitest';
import { isEntryActive, screenHandle, sidebarEntries, titleKeyFor } from './route-table';

const entry = (label: string) => sidebarEntries.find((e) => e.label === label)!;

describe('route table', () => {
  it('orders the sidebar by numeric id', () => {
    expect(sidebarEntries.map((e) => e.id)).toEqual([1, 3, 4, 5, 6, 8, 9, 10]);
  });

  it('a link is active on its exact route; /notion and /shonagon groups stay active', () => {
    expect(isEntryActive(entry('Home'), '/')).toBe(true);
    expect(isEntryActive(entry('Home'), '/chat')).toBe(false);
    expect(isEntryActive(entry('Shonagon'), '/shonagon/multiple')).toBe(true);
    expect(isEntryActive(entry('MyNotion'), '/notion/databases')).toBe(true);
    expect(isEntryActive(entry('XPan'), '/yunpan/other')).toBe(false);
    expect(isEntryActive(entry('XPan'), '/yunpan/search')).toBe(false);
    expect(isEntryActive(entry('MyNotion'), '/notionx')).toBe(false);
    expect(isEntryActive(entry('Shonagon'), '/shonagon')).toBe(true);
    expect(isEntryActive(entry('AIChat'), '/chat')).toBe(true);
  });

  it('title is the route title, else the product name; a screen handle names its catalogue keys', () => {
    expect(titleKeyFor({ title: 'screen.home.title' })).toBe('screen.home.title');
    expect(titleKeyFor({})).toBe('product');
    expect(titleKeyFor(undefined)).toBe('product');
    expect(screenHandle('translate', ['title', 'heading'])).toEqual({ title: 'screen.translate.title', heading: 'screen.translate.heading' });
  });
});
