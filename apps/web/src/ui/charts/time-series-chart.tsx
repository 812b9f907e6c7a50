import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import '../../styles/time-series-chart.css';
import { ExportMenu, useChartExport } from '../export-menu';
import { formatCompact } from '../format-number';
import { useMediaQuery } from '../use-media-query';
import { useThemeChoice } from '../use-theme';
import { type ChartPalette, readChartPalette } from './chart-palette';
import { chartPng } from './chart-png';
import { alignSeries, type TimeSeries, timeSeriesCsv } from './time-series';

interface TimeSeriesChartProps {
  title: string;
  /** One line per series. */
  series: readonly TimeSeries[];
  height?: number;
}

function plotOptions(palette: ChartPalette, series: readonly TimeSeries[], width: number, height: number): uPlot.Options {
  const axis = { stroke: palette.axis, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid, width: 1 } };
  return {
    width,
    height,
    series: [
      { label: 'Time' },
      ...series.map((line, index) => ({
        label: line.name,
        stroke: palette.lines[index % palette.lines.length],
        width: 2,
        spanGaps: true,
        // uPlot fills its point markers white; the surface colour keeps them from glaring in the dark theme.
        points: { fill: palette.surface },
      })),
    ],
    axes: [axis, { ...axis, size: 56, values: (_plot: uPlot, splits: number[]) => splits.map(formatCompact) }],
    cursor: { points: { size: 7 } },
    legend: { live: true },
  };
}

/**
 * Numbers over time on a canvas (uPlot: fast on 100,000 points), one line per series, in the design's colours for
 * the theme in force, with CSV and PNG export. The plot follows its container's width.
 */
export function TimeSeriesChart({ title, series, height = 300 }: TimeSeriesChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<{ plot: uPlot; palette: ChartPalette } | null>(null);
  // The palette is read again when the theme changes, by choice or by the system.
  const themeKey = `${useThemeChoice()}:${useMediaQuery('(prefers-color-scheme: dark)')}`;
  const data = useMemo(() => alignSeries(series), [series]);
  const pointCount = data[0].length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: themeKey is the cue to read the palette again
  useEffect(() => {
    const host = hostRef.current;
    if (!host || pointCount === 0) return;
    const palette = readChartPalette(host);
    const plot = new uPlot(plotOptions(palette, series, Math.max(160, host.clientWidth), height), data, host);
    plotRef.current = { plot, palette };
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(160, host.clientWidth), height }));
    observer.observe(host);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [data, series, height, pointCount, themeKey]);

  const handleExport = useChartExport(title, {
    csv: () => timeSeriesCsv(series),
    png: () => {
      const current = plotRef.current;
      return current
        ? chartPng(
            current.plot,
            current.palette,
            title,
            series.map((line) => line.name),
          )
        : null;
    },
  });

  const first = pointCount > 0 ? new Date(data[0][0]! * 1000).toLocaleString() : '';
  const last = pointCount > 0 ? new Date(data[0][pointCount - 1]! * 1000).toLocaleString() : '';
  return (
    <figure className="ts-chart" data-testid="time-series-chart">
      <figcaption className="ts-chart__header">
        <span className="chart__title">{title}</span>
        <span className="ts-chart__actions">
          <ExportMenu formats={['csv', 'png']} onExport={(format) => void handleExport(format)} isDisabled={pointCount === 0} />
        </span>
      </figcaption>
      {pointCount === 0 ? (
        <p className="ts-chart__empty">No numeric points to draw</p>
      ) : (
        <p className="visually-hidden">
          {`${series.length} series over ${pointCount} points in time, from ${first} to ${last}: ${series
            .map((line) => line.name)
            .join(', ')}`}
        </p>
      )}
      <div ref={hostRef} className="ts-chart__plot" />
    </figure>
  );
}
