import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import type { SortableListProps } from './sortable-list';
import { useUniqueKeys } from './use-unique-keys';
import classes from './sortable-list.module.css';

/** The list while sorting is on: rows re-ordered by pointer or keyboard (Space, arrows, Space). */
export default function DndSortableList<T>({ label, items, getKey, getLabel, sortable, onMove, renderItem, empty }: SortableListProps<T>) {
  const t = useT(common);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const keys = useUniqueKeys(items, getKey);

  const indexOf = (id: UniqueIdentifier) => keys.indexOf(String(id));
  const nameOf = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return index >= 0 ? getLabel(items[index]!, index) : String(id);
  };
  // Right after pick-up dnd-kit reports the row over its own place once its rects are measured;
  // announcing that would replace "Picked up …" in the live region before it is read out.
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return t('sortable.pickedUp', { name: nameOf(active.id), position: indexOf(active.id) + 1, count: items.length });
    },
    onDragOver: ({ active, over }) => {
      if (!moved.current && over?.id === active.id) return undefined;
      moved.current = true;
      return over
        ? t('sortable.over', { name: nameOf(active.id), position: indexOf(over.id) + 1, count: items.length })
        : t('sortable.notOver', { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('sortable.dropped', { name: nameOf(active.id), position: indexOf(over.id) + 1, count: items.length })
        : t('sortable.droppedOutside', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('sortable.cancelled', { name: nameOf(active.id), position: indexOf(active.id) + 1 }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  if (items.length === 0) return <>{empty}</>;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t('sortable.instructions'),
        },
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={!sortable}>
        <ul className={classes.list} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={keys[index]} id={keys[index]!} label={getLabel(item, index)} moveLabel={t('sortable.move', { name: getLabel(item, index) })} sortable={sortable}>
              {(handle) => renderItem(item, index, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  id: string;
  label: string;
  moveLabel: string;
  sortable: boolean;
  children: (handle: ReactNode) => ReactNode;
}

function SortableRow({ id, label, moveLabel, sortable, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !sortable,
  });
  const handle = sortable ? (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      className={classes.handle}
      {...attributes}
      {...listeners}
      aria-label={moveLabel}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  ) : null;
  return (
    <li
      ref={setNodeRef}
      className={classes.row}
      data-dragging={isDragging || undefined}
      aria-label={label}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}
