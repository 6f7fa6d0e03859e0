import type { ReactNode } from 'react';
import classes from './hint.module.css';

/**
 * A short label above an icon button on hover or keyboard focus, drawn in CSS. The button
 * carries its own accessible name; the label is for sighted mouse users, so screen readers
 * skip it. Used instead of Mantine's Tooltip where a list has one per row: that one brings
 * floating-ui and positions itself on mount.
 */
export function Hint({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={classes.hint} data-hint={label}>
      {children}
    </span>
  );
}
