import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export { seriesColorsLite as seriesColors } from './series-colors';
import { seriesColorsLite as seriesColors } from './series-colors';

export interface ChartData {
  /** x labels: years (numeric) or media names. */
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
}

/** Counts per year for each query as lines: a small uPlot chart, loaded with the first result. */
export function YearChart({ data, title }: { data: ChartData; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element || data.labels.length === 0) return;
    const xs = data.labels.map(Number);
    const options: uPlot.Options = {
      width: Math.max(260, element.clientWidth),
      height: 180,
      cursor: { drag: { x: false, y: false } },
      legend: { live: false },
      scales: { x: { time: false } },
      axes: [
        { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')), grid: { stroke: '#eee' } },
        { grid: { stroke: '#eee' }, size: 44, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
      ],
      series: [
        { label: 'year' },
        ...data.series.map((s, i) => ({ label: s.name, stroke: seriesColors[i % seriesColors.length], width: 2, points: { show: xs.length < 30 } })),
      ],
    };
    const plot = new uPlot(options, [xs, ...data.series.map((s) => s.values)] as uPlot.AlignedData, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(260, element.clientWidth), height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data]);
  return <div ref={host} role="img" aria-label={title} style={{ width: '100%', minHeight: 180 }} />;
}
