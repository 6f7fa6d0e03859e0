import 'uplot/dist/uPlot.min.css';
import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatNumber } from '../../../lib/i18n/format';

export { seriesColorsLite as seriesColors } from './series-colors';
import { seriesColorsLite as seriesColors } from './series-colors';

export interface ChartData {
  /** x labels: years (numeric) or media names. */
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
}

/** The theme's colours, read when the chart is drawn (uPlot paints on a canvas, which CSS cannot restyle). */
function themeColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { text: read('--mantine-color-text', '#000'), grid: read('--mantine-color-default-border', '#ddd') };
}

/**
 * Counts per year for each query as lines: a small uPlot chart, loaded with the first result.
 * Redrawn when the colour scheme changes, with axis, tick and grid colours from the theme.
 */
export function YearChart({ data, title, yearLabel }: { data: ChartData; title: string; yearLabel: string }) {
  const host = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    const element = host.current;
    if (!element || data.labels.length === 0) return;
    const xs = data.labels.map(Number);
    const { text, grid } = themeColors(element);
    const integers = (ticks: number[], format: (tick: number) => string) => ticks.map((t) => (Number.isInteger(t) ? format(t) : ''));
    const options: uPlot.Options = {
      width: Math.max(260, element.clientWidth),
      height: 180,
      cursor: { drag: { x: false, y: false } },
      legend: { live: false },
      scales: { x: { time: false } },
      axes: [
        // Years as written (2004, not 2,004); counts in the interface language's digits grouping.
        { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid }, values: (_u, ticks) => integers(ticks, String) },
        { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid }, size: 44, values: (_u, ticks) => integers(ticks, (tick) => formatNumber(tick)) },
      ],
      series: [
        { label: yearLabel },
        ...data.series.map((s, i) => ({ label: s.name, stroke: seriesColors[i % seriesColors.length], width: 2, points: { show: xs.length < 30 } })),
      ],
    };
    const plot = new uPlot(options, [xs, ...data.series.map((s) => s.values)] as uPlot.AlignedData, element);
    // The legend names the queries: the learner's own words, never translated.
    plot.root.querySelectorAll('.u-legend .u-series').forEach((entry, index) => {
      if (index > 0) entry.setAttribute('translate', 'no');
    });
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(260, element.clientWidth), height: 180 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, yearLabel, scheme]);
  return <div ref={host} role="img" aria-label={title} style={{ width: '100%', minHeight: 180 }} />;
}
