import { lazy, Suspense, useEffect, useState } from 'react';
import { getSettings } from '../../lib/settings-store';
import { QueryBoundary } from '../query-boundary';
import type { ScannedText } from './text-at-point';
import { untilLoaded } from '../../lib/until-loaded';

// docs/behaviour.md "Tap to look up": the sheet, its scanning and the dictionary's cards load with the first tap.
const loadSheet = () => import('./tap-lookup-sheet');
const TapLookupSheet = lazy(() => untilLoaded(loadSheet).then((m) => ({ default: m.TapLookupSheet })));

/** A finger that moved further than this between down and up scrolled or dragged: no tap. */
const tapSlopPx = 10;
/** Longer than this is a long press (the phone selects a word), not a tap. */
const tapMaxMs = 600;

interface Press {
  id: number;
  x: number;
  y: number;
  at: number;
  moved: boolean;
  ended: boolean;
}

/**
 * Tap to look up (docs/behaviour.md "Tap to look up"): a finger's tap on Japanese text, wherever the
 * selection menu works, opens the dictionary's bottom sheet for the word there. Only a touch
 * pointer taps (a mouse or pen never does); a scroll, a drag, a long press or a tap on a control
 * does nothing; `tapLookup` (Settings) turns it off.
 */
export function TapLookup() {
  const [scan, setScan] = useState<ScannedText | null>(null);

  useEffect(() => {
    let press: Press | null = null;
    let live = true;
    const onDown = (event: PointerEvent) => {
      press = event.pointerType === 'touch' && event.isPrimary ? { id: event.pointerId, x: event.clientX, y: event.clientY, at: event.timeStamp, moved: false, ended: false } : null;
    };
    const moved = (event: PointerEvent) => {
      if (press && event.pointerId === press.id && Math.hypot(event.clientX - press.x, event.clientY - press.y) > tapSlopPx) press.moved = true;
    };
    const onUp = (event: PointerEvent) => {
      if (!press || event.pointerId !== press.id) return;
      moved(event);
      press.ended = true;
      if (event.timeStamp - press.at > tapMaxMs) press.moved = true;
    };
    const onCancel = () => {
      press = null;
    };
    // The click that follows a touch's tap: a scroll, a drag or a long press never makes one.
    const onClick = (event: MouseEvent) => {
      const tap = press;
      press = null;
      if (!tap || !tap.ended || tap.moved || event.defaultPrevented) return;
      if ('pointerType' in event && (event as PointerEvent).pointerType !== '' && (event as PointerEvent).pointerType !== 'touch') return;
      if (!getSettings().tapLookup) return;
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      const { clientX: x, clientY: y } = event;
      // What was tapped is judged with the sheet's code (tap-target.ts), which the shell does not carry.
      void loadSheet().then(({ scanTap }) => {
        const found = live ? scanTap(target, x, y) : null;
        if (found) setScan(found);
      });
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('pointermove', moved, { capture: true, passive: true });
    document.addEventListener('pointerup', onUp, true);
    document.addEventListener('pointercancel', onCancel, true);
    document.addEventListener('click', onClick, true);
    return () => {
      live = false;
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('pointermove', moved, { capture: true });
      document.removeEventListener('pointerup', onUp, true);
      document.removeEventListener('pointercancel', onCancel, true);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  if (!scan) return null;
  return (
    <Suspense fallback={null}>
      <QueryBoundary>
        <TapLookupSheet scan={scan} onClosed={() => setScan(null)} />
      </QueryBoundary>
    </Suspense>
  );
}
