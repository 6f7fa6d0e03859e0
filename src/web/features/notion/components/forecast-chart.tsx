import 'uplot/dist/uPlot.min.css';
import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatDate, formatNumber } from '../../../lib/i18n/format';

/** The theme's colours, read when the chart is drawn (uPlot paints on a canvas, which CSS cannot restyle). */
function themeColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--mantine-color-text', '#000'),
    grid: read('--mantine-color-default-border', '#ddd'),
    bar: read('--mantine-primary-color-filled', '#228be6'),
  };
}

const height = 160;

/**
 * Reviews due per day for the next days as bars (day 0 = today, overdue included). Redrawn when
 * the colour scheme changes, with axis, grid and bar colours from the theme.
 */
export function ForecastChart({ counts, title, seriesLabel }: { counts: number[]; title: string; seriesLabel: string }) {
  const host = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const { text, grid, bar } = themeColors(element);
    const today = new Date();
    const day = (offset: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
    const xs = counts.map((_, index) => index);
    const integers = (ticks: number[], format: (tick: number) => string) => ticks.map((tick) => (Number.isInteger(tick) ? format(tick) : ''));
    const options: uPlot.Options = {
      width: Math.max(240, element.clientWidth),
      height,
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      legend: { show: false },
      scales: { x: { time: false, range: [-0.5, counts.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      axes: [
        { stroke: text, grid: { show: false }, ticks: { stroke: grid }, space: 48, values: (_u, ticks) => integers(ticks, (tick) => formatDate(day(tick), { month: 'numeric', day: 'numeric' })) },
        { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid }, size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000], values: (_u, ticks) => integers(ticks, (tick) => formatNumber(tick)) },
      ],
      series: [{}, { label: seriesLabel, fill: bar, stroke: bar, width: 0, paths: uPlot.paths.bars!({ size: [0.7, 24] }), points: { show: false } }],
    };
    const plot = new uPlot(options, [xs, counts] as uPlot.AlignedData, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [counts, seriesLabel, scheme]);
  return <div ref={host} role="img" aria-label={title} style={{ width: '100%', minHeight: height }} />;
}
