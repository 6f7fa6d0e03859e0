/** Sentences shown before and after the hit in the reader. */
export const readerRadius = 3;

/**
 * Where the reader's window starts: `position` (the sentence's ordinal in its document, when the
 * server gives one) opens a few sentences earlier; without it the window starts at the sentence id.
 */
export function readerStart(sentenceId: string, position?: number | null): string {
  return position == null ? sentenceId : String(Math.max(0, position - readerRadius));
}

/** A cue time in seconds as h:mm:ss.s or m:ss.s. */
export function formatCue(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = (seconds % 60).toFixed(1).padStart(4, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
