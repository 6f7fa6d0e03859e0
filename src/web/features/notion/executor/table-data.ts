import type { CachedRow } from '../model/notion-db';
import { columnOrder, propertyText } from '../model/properties';
import type { TableData } from './sql-engine';

/** Rows → table `db`: one column per property (in display order), plain-text values, numbers as numbers. */
export function tableData(rows: CachedRow[]): TableData {
  const names = new Map<string, true>();
  for (const row of rows) for (const name of columnOrder(row.properties)) names.set(name, true);
  const columns = [...names.keys()];
  return {
    columns,
    rows: rows.map((row) =>
      columns.map((name) => {
        const property = row.properties[name];
        if (property?.type === 'number') return typeof property.number === 'number' ? property.number : null;
        if (!property) return null;
        return propertyText(property);
      }),
    ),
  };
}
