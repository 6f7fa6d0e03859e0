import { lazy, Suspense, type ReactNode } from 'react';
import { useUniqueKeys } from './use-unique-keys';
import classes from './sortable-list.module.css';

export interface SortableListProps<T> {
  /** Accessible name of the list. */
  label: string;
  items: T[];
  /** A stable key per item; duplicates are disambiguated by position. */
  getKey: (item: T, index: number) => string;
  /** Names the row and its drag handle for assistive technology. */
  getLabel: (item: T, index: number) => string;
  /** Drag sorting on or off (spec §4: off by default, toggled by a button). */
  sortable: boolean;
  onMove: (from: number, to: number) => void;
  /** `handle` is the drag handle while sorting is on, else null. */
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
  empty?: ReactNode;
}

// @dnd-kit is only needed once sorting is switched on, so it stays out of the screen's chunk.
const DndSortableList = lazy(() => import('./dnd-sortable-list'));

function PlainList<T>({ label, items, getKey, getLabel, renderItem, empty }: SortableListProps<T>) {
  const keys = useUniqueKeys(items, getKey);
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul className={classes.list} aria-label={label}>
      {items.map((item, index) => (
        <li key={keys[index]} className={classes.row} aria-label={getLabel(item, index)}>
          {renderItem(item, index, null)}
        </li>
      ))}
    </ul>
  );
}

/** A vertical list whose rows can be re-ordered by pointer or keyboard while `sortable` is on. */
export function SortableList<T>(props: SortableListProps<T>) {
  if (!props.sortable) return <PlainList {...props} />;
  return (
    <Suspense fallback={<PlainList {...props} />}>
      <DndSortableList {...(props as SortableListProps<unknown>)} />
    </Suspense>
  );
}
