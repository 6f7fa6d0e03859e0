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
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, type ReactNode } from 'react';
import { common } from '../../lib/i18n/common';
import { useT } from '../../lib/i18n/use-t';
import { MoveHandle, SortableContainer, SortableItem, type SortableListProps } from './sortable-list';
import { useUniqueKeys } from './use-unique-keys';

/** The list while sorting is on: rows re-ordered by pointer or keyboard (Space, arrows, Space). */
export default function DndSortableList<T>({ label, items, getKey, getLabel, sortable, canMove, onMove, renderItem, empty, grid }: SortableListProps<T>) {
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
      <SortableContext items={keys} strategy={grid ? rectSortingStrategy : verticalListSortingStrategy} disabled={!sortable}>
        <SortableContainer grid={grid} label={label}>
          {items.map((item, index) => (
            <SortableRow key={keys[index]!} id={keys[index]!} grid={grid !== undefined} label={getLabel(item, index)} movable={sortable && (canMove?.(item, index) ?? true)}>
              {(handle) => renderItem(item, index, handle)}
            </SortableRow>
          ))}
        </SortableContainer>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  id: string;
  grid: boolean;
  label: string;
  movable: boolean;
  children: (handle: ReactNode) => ReactNode;
}

function SortableRow({ id, grid, label, movable, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    // A row that cannot move keeps its place: nothing is dropped on it either.
    disabled: { draggable: !movable, droppable: !movable },
  });
  return (
    <SortableItem ref={setNodeRef} grid={grid} label={label} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      {children(movable ? <MoveHandle name={label} grid={grid} handleRef={setActivatorNodeRef} bindings={{ ...attributes, ...listeners }} /> : null)}
    </SortableItem>
  );
}
