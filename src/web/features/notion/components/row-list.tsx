import { Paper, Stack } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import type { CachedRow } from '../model/notion-db';
import { pageTitle, propertyText, titlePropertyName } from '../model/properties';
import classes from './notion.module.css';
import { PropertyList, PropertyValue } from './property-value';

interface ListProps {
  label: string;
  rows: CachedRow[];
  columns: string[];
  onOpen: (row: CachedRow) => void;
}

const rowHeight = 38;
const columnWidth = (index: number) => (index === 0 ? 200 : 160);

const onKey = (row: CachedRow, onOpen: (row: CachedRow) => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    onOpen(row);
  }
};

/** A virtualised table: only the rows in view are in the DOM, so 10,000 rows scroll smoothly. */
export function RowTable({ label, rows, columns, onOpen }: ListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 12, isScrollingResetDelay: 120, useFlushSync: false });
  // While the list moves, rows that come into view show their plain text (a fraction of the work);
  // they get their badges and links when it stops.
  const plain = virtual.isScrolling;
  const width = columns.reduce((sum, _name, index) => sum + columnWidth(index), 0);
  return (
    <div ref={scroller} className={classes.scroller} role="table" aria-label={label} aria-rowcount={rows.length + 1} data-testid="notion-rows">
      {/* Property names and values are the person's own notes. */}
      <div className={classes.header} role="row" style={{ width }} translate="no">
        {columns.map((name, index) => (
          <div key={name} role="columnheader" className={classes.cell} style={{ width: columnWidth(index) }} title={name}>
            {name}
          </div>
        ))}
      </div>
      <div style={{ height: virtual.getTotalSize(), width, position: 'relative' }} role="rowgroup" translate="no">
        {virtual.getVirtualItems().map((item) => (
          <TableRow key={rows[item.index].key} row={rows[item.index]} columns={columns} top={item.start} width={width} index={item.index} onOpen={onOpen} plain={plain} />
        ))}
      </div>
    </div>
  );
}

const plainCells = new WeakMap<CachedRow, string[]>();
function cellTexts(row: CachedRow, columns: string[]): string[] {
  let texts = plainCells.get(row);
  if (!texts || texts.length !== columns.length) {
    texts = columns.map((name) => propertyText(row.properties[name]));
    plainCells.set(row, texts);
  }
  return texts;
}

const TableRow = memo(function TableRow({
  row,
  columns,
  top,
  width,
  index,
  onOpen,
  plain,
}: {
  row: CachedRow;
  columns: string[];
  top: number;
  width: number;
  index: number;
  onOpen: (row: CachedRow) => void;
  plain: boolean;
}) {
  const texts = cellTexts(row, columns);
  // A row already rendered richly stays so while scrolling; only rows new to the view start plain.
  const [rich, setRich] = useState(!plain);
  if (!plain && !rich) setRich(true);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      tabIndex={0}
      className={classes.row}
      style={{ transform: `translateY(${top}px)`, height: rowHeight, width }}
      onClick={() => onOpen(row)}
      onKeyDown={onKey(row, onOpen)}
    >
      {columns.map((name, column) => (
        <div key={name} role="cell" className={classes.cell} style={{ width: columnWidth(column) }} lang={column === 0 ? 'ja' : undefined} title={texts[column]}>
          {rich ? <PropertyValue property={row.properties[name]} /> : texts[column]}
        </div>
      ))}
    </div>
  );
});

/** Cards, one per row, virtualised with measured heights. */
export function RowCards({ label, rows, columns, onOpen }: ListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => 150, overscan: 6 });
  return (
    <div ref={scroller} className={classes.scroller} style={{ padding: 8 }} role="list" aria-label={label} data-testid="notion-rows">
      <div className={classes.cardList} style={{ height: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return (
            <div key={row.key} data-index={item.index} ref={virtual.measureElement} className={classes.card} style={{ transform: `translateY(${item.start}px)` }} role="listitem">
              <RowCard row={row} columns={columns} onOpen={onOpen} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

const RowCard = memo(function RowCard({ row, columns, onOpen }: { row: CachedRow; columns: string[]; onOpen: (row: CachedRow) => void }) {
  const t = useT(catalogue);
  const wordId = useId();
  const title = titlePropertyName(row.properties);
  const details = columns.filter((name) => name !== title && propertyText(row.properties[name]) !== '' && row.properties[name]?.type !== 'checkbox').slice(0, 6);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className={classes.cardBody}
      tabIndex={0}
      role="article"
      // Named by its word (the person's text), or "untitled".
      aria-labelledby={pageTitle(row) ? wordId : undefined}
      aria-label={pageTitle(row) ? undefined : t('untitled')}
      onClick={() => onOpen(row)}
      onKeyDown={onKey(row, onOpen)}
    >
      <Stack gap={6}>
        <div className={classes.word} lang="ja" id={wordId} translate={title ? 'no' : undefined}>
          {title ? <PropertyValue property={row.properties[title]} /> : t('untitled')}
        </div>
        <PropertyList properties={row.properties} names={details} />
      </Stack>
    </Paper>
  );
});
