import type { ChartData } from './count-chart';

export interface QueryCounts {
  query: string;
  total: number;
  media: Record<string, number>;
  year: Record<string, number>;
}

/** One series per query over the union of keys; years sorted numerically, media by overall count. */
export function chartData(results: readonly QueryCounts[], by: 'year' | 'media'): ChartData {
  const totals = new Map<string, number>();
  for (const result of results) for (const [key, count] of Object.entries(result[by])) totals.set(key, (totals.get(key) ?? 0) + count);
  const labels = [...totals.keys()].filter((key) => by === 'media' || /^\d+$/.test(key));
  if (by === 'year') labels.sort((a, b) => Number(a) - Number(b));
  else labels.sort((a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b));
  return { labels, series: results.map((result) => ({ name: result.query, values: labels.map((label) => result[by][label] ?? 0) })) };
}
