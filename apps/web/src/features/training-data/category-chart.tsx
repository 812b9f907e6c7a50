import { useRef } from 'react';
import { BarChart } from '../../ui/charts/bar-chart';
import type { ChartPoint } from '../../ui/charts/chart-frame';
import { svgPng } from '../../ui/charts/svg-png';
import { csvText } from '../../ui/csv';
import { ExportMenu, useChartExport } from '../../ui/export-menu';

interface CategoryChartProps {
  title: string;
  points: readonly ChartPoint[];
  /** The CSV's header for the labels and the values. */
  columns: readonly [string, string];
  testId?: string;
}

/** Bars over categories (providers, quality buckets) with the kit's CSV and PNG export. */
export function CategoryChart({ title, points, columns, testId }: CategoryChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const handleExport = useChartExport(title, {
    csv: () => csvText([columns, ...points.map((point) => [point.label, point.value] as const)]),
    png: () => {
      const svg = hostRef.current?.querySelector('svg');
      return svg ? svgPng(svg, title) : null;
    },
  });

  return (
    <div className="td-chart" data-testid={testId}>
      <div className="td-chart__actions">
        <ExportMenu
          formats={['csv', 'png']}
          subject={title}
          onExport={(format) => void handleExport(format)}
          isDisabled={!points.length}
        />
      </div>
      <div ref={hostRef}>
        <BarChart title={title} points={points} />
      </div>
    </div>
  );
}
