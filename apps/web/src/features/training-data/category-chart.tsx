import { useRef } from 'react';
import { BarChart } from '../../ui/charts/bar-chart';
import type { ChartPoint } from '../../ui/charts/chart-frame';
import { chartFileName } from '../../ui/charts/time-series';
import { CHART_MESSAGES } from '../../ui/charts/time-series-chart';
import { saveBlob } from '../../ui/save-blob';
import { useToast } from '../../ui/toast-context';
import { svgPng } from './chart-image';
import { csvText } from './sample-text';

interface CategoryChartProps {
  title: string;
  points: readonly ChartPoint[];
  /** The CSV's header for the labels and the values. */
  columns: readonly [string, string];
  testId?: string;
}

/** Bars over categories (providers, quality buckets) with the kit's CSV and PNG export. */
export function CategoryChart({ title, points, columns, testId }: CategoryChartProps) {
  const toast = useToast();
  const hostRef = useRef<HTMLDivElement>(null);

  function handleCsv() {
    try {
      const rows = [columns, ...points.map((point) => [point.label, point.value] as const)];
      saveBlob(new Blob([csvText(rows)], { type: 'text/csv' }), chartFileName(title, 'csv'));
    } catch {
      toast.error(CHART_MESSAGES.exportFailed);
    }
  }

  async function handlePng() {
    const svg = hostRef.current?.querySelector('svg');
    if (!svg) {
      toast.error(CHART_MESSAGES.noChart);
      return;
    }
    try {
      saveBlob(await svgPng(svg, title), chartFileName(title, 'png'));
    } catch {
      toast.error(CHART_MESSAGES.pngFailed);
    }
  }

  return (
    <div className="td-chart" data-testid={testId}>
      <div className="td-chart__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={handleCsv}
          disabled={!points.length}
          aria-label={`Export CSV: ${title}`}
        >
          Export CSV
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void handlePng()}
          disabled={!points.length}
          aria-label={`Export PNG: ${title}`}
        >
          Export PNG
        </button>
      </div>
      <div ref={hostRef}>
        <BarChart title={title} points={points} />
      </div>
    </div>
  );
}
