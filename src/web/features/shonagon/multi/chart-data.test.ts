import { describe, expect, it } from 'vitest';
import { chartData, type QueryCounts } from './chart-data';

describe('chartData', () => {
  const results: QueryCounts[] = [
    { query: '猫', total: 3, media: { novel: 2, news: 1 }, year: { '1905': 2, '2004': 1 } },
    { query: '犬', total: 4, media: { news: 4 }, year: { '2004': 3, '1999': 1 } },
  ];
  it('aligns years numerically with zeros for missing ones', () => {
    expect(chartData(results, 'year')).toEqual({
      labels: ['1905', '1999', '2004'],
      series: [
        { name: '猫', values: [2, 0, 1] },
        { name: '犬', values: [0, 1, 3] },
      ],
    });
  });
  it('orders media by overall count', () => {
    expect(chartData(results, 'media').labels).toEqual(['news', 'novel']);
  });
});
