import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { lazy, Suspense, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { useAfterPaint } from '../../lib/use-after-paint';
import { useUniqueKeys } from './use-unique-keys';
import classes from './sortable-list.module.css';
import { untilLoaded } from '../../lib/until-loaded';

export interface SortableListProps<T> {
  /** Accessible name of the list. */
  label: string;
  items: T[];
  /** A stable key per item; duplicates are disambiguated by position. */
  getKey: (item: T, index: number) => string;
  /** Names the row and its drag handle for assistive technology. */
  getLabel: (item: T, index: number) => string;
  /** Drag sorting on or off (docs/behaviour.md "Config forms": off by default, toggled by a button). */
  sortable: boolean;
  /** Whether a row can be moved while sorting is on (every row by default); one that cannot keeps its place and has no handle. */
  canMove?: (item: T, index: number) => boolean;
  onMove: (from: number, to: number) => void;
  /** `handle` is the drag handle while sorting is on, else null. */
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
  empty?: ReactNode;
  /**
   * Lays the items out as a grid instead of a list of framed rows: each item draws its own frame,
   * this element places the cells, and they move in both directions.
   */
  grid?: (cells: ReactNode) => ReactNode;
}

/**
 * The grip a row is moved by; `bindings` come from dnd-kit once it is loaded, until then it is
 * disabled. Smaller in a grid, where it sits in a card's header line.
 */
export function MoveHandle({ name, grid, bindings, handleRef }: { name: string; grid: boolean; bindings?: HTMLAttributes<HTMLButtonElement>; handleRef?: Ref<HTMLButtonElement> }) {
  const t = useT(common);
  return (
    <ActionIcon ref={handleRef} variant="subtle" color="gray" size={grid ? 'sm' : 'md'} className={classes.handle} disabled={!bindings} {...bindings} aria-label={t('sortable.move', { name })}>
      <IconGripVertical size={grid ? 16 : 18} aria-hidden />
    </ActionIcon>
  );
}

/** A row of the list (`li`) or a cell of the grid, as both versions of the list draw it. */
export function SortableItem({ grid, label, children, ...rest }: { grid: boolean; label: string; children: ReactNode } & HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }) {
  return grid ? (
    <div {...rest} className={classes.cell} ref={rest.ref as Ref<HTMLDivElement>}>
      {children}
    </div>
  ) : (
    <li {...rest} className={classes.row} aria-label={label} ref={rest.ref as Ref<HTMLLIElement>}>
      {children}
    </li>
  );
}

export function SortableContainer({ grid, label, children }: { grid?: (cells: ReactNode) => ReactNode; label: string; children: ReactNode }) {
  return grid ? (
    grid(children)
  ) : (
    <ul className={classes.list} aria-label={label}>
      {children}
    </ul>
  );
}

// @dnd-kit is only needed once a row can be moved, so it stays out of the screen's chunk and first paint.
const DndSortableList = lazy(() => untilLoaded(() => import('./dnd-sortable-list')));

function PlainList<T>({ label, items, getKey, getLabel, sortable, canMove, renderItem, empty, grid }: SortableListProps<T>) {
  const keys = useUniqueKeys(items, getKey);
  if (items.length === 0) return <>{empty}</>;
  return (
    <SortableContainer grid={grid} label={label}>
      {items.map((item, index) => (
        <SortableItem key={keys[index]} grid={grid !== undefined} label={getLabel(item, index)}>
          {renderItem(item, index, sortable && (canMove?.(item, index) ?? true) ? <MoveHandle name={getLabel(item, index)} grid={grid !== undefined} /> : null)}
        </SortableItem>
      ))}
    </SortableContainer>
  );
}

/** A list (or grid) whose items can be re-ordered by pointer or keyboard while `sortable` is on. */
export function SortableList<T>(props: SortableListProps<T>) {
  const painted = useAfterPaint();
  const movable = props.sortable && props.items.some((item, index) => props.canMove?.(item, index) ?? true);
  if (!movable) return <PlainList {...props} sortable={false} />;
  // Shown with their handles at once; the handles work once dnd-kit is in, after the first paint.
  if (!painted) return <PlainList {...props} />;
  return (
    <Suspense fallback={<PlainList {...props} />}>
      <DndSortableList {...(props as SortableListProps<unknown>)} />
    </Suspense>
  );
}
