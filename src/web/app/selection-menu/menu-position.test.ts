import { describe, expect, it } from 'vitest';
import { isTypingTarget, menuPosition, rightReserve, touchGap } from './menu-position';

describe('menuPosition', () => {
  const viewport = { width: 1000, height: 700 };

  it('sits under the selection, its left edge at the selection', () => {
    expect(menuPosition({ left: 120, top: 100, bottom: 120 }, viewport, 40)).toEqual({ top: 128, left: 120 });
  });

  it('caps the left edge at window width − 200 (docs/behaviour.md "Selection menu")', () => {
    expect(menuPosition({ left: 950, top: 100, bottom: 120 }, viewport, 40).left).toBe(viewport.width - rightReserve);
  });

  it('goes above the selection when there is no room below, and stays below when there is no room above either', () => {
    expect(menuPosition({ left: 10, top: 660, bottom: 680 }, viewport, 40).top).toBe(660 - 8 - 40);
    expect(menuPosition({ left: 10, top: 20, bottom: 680 }, viewport, 40).top).toBe(688);
  });
});

describe('menuPosition for a selection made by touch (the phone draws its toolbar above it)', () => {
  const viewport = { width: 390, height: 844 };

  it('sits below the selection, clear of its handles', () => {
    expect(menuPosition({ left: 40, top: 300, bottom: 320 }, viewport, 40, true)).toEqual({ top: 320 + touchGap, left: 40 });
  });

  it('never goes above it: with no room below it keeps to the bottom of the screen', () => {
    expect(menuPosition({ left: 40, top: 790, bottom: 810 }, viewport, 40, true).top).toBe(844 - 40 - 8);
  });

  it('keeps a menu wider than the reserve (44 px buttons) inside the window', () => {
    expect(menuPosition({ left: 180, top: 300, bottom: 320 }, viewport, 52, true, 290).left).toBe(390 - 290 - 4);
  });
});

describe('isTypingTarget', () => {
  const make = (html: string) => {
    document.body.innerHTML = html;
    return document.body.firstElementChild!;
  };

  it('text fields, text areas, selects and editable content take typing', () => {
    for (const html of ['<input>', '<input type="search">', '<input type="email">', '<textarea></textarea>', '<select></select>', '<div contenteditable="true"></div>']) {
      expect(isTypingTarget(make(html)), html).toBe(true);
    }
    expect(isTypingTarget(make('<div contenteditable=""><span>in</span></div>').firstElementChild)).toBe(true);
  });

  it('buttons, checkboxes and plain elements do not', () => {
    for (const html of ['<button>b</button>', '<input type="checkbox">', '<input type="radio">', '<input type="range">', '<p>text</p>']) {
      expect(isTypingTarget(make(html)), html).toBe(false);
    }
    expect(isTypingTarget(null)).toBe(false);
  });
});
