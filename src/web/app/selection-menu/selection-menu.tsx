import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { useModalStore } from '../../lib/modal-store';
import { allowedWithModal } from './modal-scope';
import { isTypingTarget, menuPosition } from './menu-position';
import { selectionActions } from './selection-actions';
import { selectionText } from '../../lib/reading/plain-selection';
import { untilLoaded } from '../../lib/until-loaded';

const SelectionMenuBar = lazy(() => untilLoaded(() => import('./selection-menu-bar')).then((m) => ({ default: m.SelectionMenuBar })));

interface Current {
  text: string;
  range: Range;
}

/** How long the selection must rest before the menu shows (touch handles and keyboard moves fire many changes). */
const settleMs = 150;

function sameSelection(a: Current | null, b: Current | null): boolean {
  if (!a || !b) return false;
  return (
    a.text === b.text &&
    a.range.startContainer === b.range.startContainer &&
    a.range.startOffset === b.range.startOffset &&
    a.range.endContainer === b.range.endContainer &&
    a.range.endOffset === b.range.endOffset
  );
}

function selectedText(): Current | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const text = selectionText(selection).trim();
  if (!text) return null;
  return { text, range: selection.getRangeAt(0) };
}

/**
 * The floating selection menu (docs/behaviour.md "Selection menu"): shows for a non-empty selection
 * anywhere in the app (mouse, keyboard or touch), sits under it and follows scrolling, hides on a
 * mousedown outside and while the translate modal is open; in any other modal it serves selections
 * inside that modal only (see allowedWithModal). Default locale ja. Shortcuts t/y, n, g, a act on
 * the selection when focus is not in a text field.
 */
export function SelectionMenu({ locale = 'ja' }: { locale?: string }) {
  const t = useT(common);
  const [current, setCurrent] = useState<Current | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const modal = useModalStore((state) => state.current);
  const rootRef = useRef<HTMLDivElement>(null);
  const pointerDown = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  /** The selection a mousedown outside dismissed: it stays hidden until the selection changes. */
  const dismissed = useRef<Current | null>(null);
  const changedDuringPress = useRef(false);
  /**
   * The last pointer pressed: a finger's selection gets the phone's toolbar above it. The menu
   * mounts with the page's first selection, after its press: until the next one, the screen's
   * main pointer stands for it.
   */
  const lastPointer = useRef(window.matchMedia?.('(pointer: coarse)').matches ? 'touch' : 'mouse');

  const check = useCallback(() => {
    window.clearTimeout(timer.current);
    const next = selectedText();
    if (next && rootRef.current?.contains(next.range.commonAncestorContainer)) return;
    if (next && sameSelection(next, dismissed.current)) return;
    dismissed.current = null;
    setCurrent((previous) => (sameSelection(previous, next) ? previous : next));
  }, []);

  const schedule = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      // While a mouse drags a selection the menu waits for mouseup.
      if (!pointerDown.current) check();
    }, settleMs);
  }, [check]);

  useEffect(() => {
    const onSelectionChange = () => {
      changedDuringPress.current = true;
      if (!selectedText()) {
        window.clearTimeout(timer.current);
        setCurrent(null);
      } else schedule();
    };
    const onMouseDown = (event: MouseEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      pointerDown.current = true;
      changedDuringPress.current = false;
      // A mousedown outside hides the menu (docs/behaviour.md "Selection menu"); a new selection
      // brings it back.
      const open = selectedText();
      if (open) dismissed.current = { text: open.text, range: open.range.cloneRange() };
      setCurrent(null);
    };
    const onMouseUp = () => {
      pointerDown.current = false;
      // The press made a selection (even the same text again): it is a new one, not the dismissed one.
      if (changedDuringPress.current) dismissed.current = null;
      schedule();
    };
    const onPointerDown = (event: PointerEvent) => {
      lastPointer.current = event.pointerType;
    };
    document.addEventListener('selectionchange', onSelectionChange);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('mousedown', onMouseDown, true);
    document.addEventListener('mouseup', onMouseUp, true);
    document.addEventListener('touchend', schedule, true);
    document.addEventListener('keyup', schedule, true);
    // The menu mounts with the page's first selection (app/shell-extras.tsx): that selection gets it too.
    if (selectedText()) schedule();
    return () => {
      window.clearTimeout(timer.current);
      document.removeEventListener('selectionchange', onSelectionChange);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('mousedown', onMouseDown, true);
      document.removeEventListener('mouseup', onMouseUp, true);
      document.removeEventListener('touchend', schedule, true);
      document.removeEventListener('keyup', schedule, true);
    };
  }, [schedule]);

  const place = useCallback(() => {
    if (!current) return;
    const rect = current.range.getBoundingClientRect();
    const height = rootRef.current?.offsetHeight || 40;
    const width = rootRef.current?.offsetWidth ?? 0;
    setPosition(menuPosition(rect, { width: window.innerWidth, height: window.innerHeight }, height, lastPointer.current === 'touch', width));
  }, [current]);

  useLayoutEffect(() => {
    if (!current) {
      setPosition(null);
      return;
    }
    place();
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    // Capture: the selection may sit in any scrolling container, not only the window.
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    // Its buttons arrive with their chunk: placed again once it has its size.
    const sized = new ResizeObserver(follow);
    if (rootRef.current) sized.observe(rootRef.current);
    return () => {
      sized.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
    };
  }, [current, place]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.isComposing) return;
      if (isTypingTarget(document.activeElement) || isTypingTarget(event.target as Element | null)) return;
      const selection = selectedText();
      if (!selection || !allowedWithModal(useModalStore.getState().current, selection.range.commonAncestorContainer)) return;
      const text = selection.text;
      const key = event.key.toLowerCase();
      const action =
        key === 't' || key === 'y'
          ? selectionActions.translate
          : key === 'n'
            ? selectionActions.shonagon
            : key === 'g'
              ? selectionActions.externalAI
              : key === 'a'
                ? selectionActions.askAI
                : null;
      if (!action) return;
      event.preventDefault();
      setCurrent(null);
      action(text);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // When a modal closes, the selection that is still there brings the menu back. Only on closing:
  // reading the selection forces a layout, which on mount would land in the first paint's task.
  const modalOpen = modal !== null;
  const wasModalOpen = useRef(modalOpen);
  useEffect(() => {
    if (wasModalOpen.current && !modalOpen) check();
    wasModalOpen.current = modalOpen;
  }, [modalOpen, check]);

  if (current === null || !allowedWithModal(modal, current.range.commonAncestorContainer)) return null;
  return (
    <div
      ref={rootRef}
      role="toolbar"
      aria-label={t('selection.menu')}
      data-testid="selection-menu"
      // Keeps the selection when a button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      style={{
        position: 'fixed',
        top: position?.top ?? -9999,
        left: position?.left ?? -9999,
        zIndex: 250,
      }}
    >
      <Suspense fallback={null}>
        <SelectionMenuBar text={current.text} locale={locale} range={current.range} />
      </Suspense>
    </div>
  );
}
