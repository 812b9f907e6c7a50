import { formatCompact } from '../format-number';
import { ChartFrame, type ChartPoint } from './chart-frame';

interface BarChartProps {
  title: string;
  points: readonly ChartPoint[];
  height?: number;
}

/** Bars of counts over a category or time axis; each bar names its value on hover. */
export function BarChart({ title, points, height }: BarChartProps) {
  return (
    <ChartFrame title={title} points={points} height={height}>
      {(layout) =>
        points.map((point, index) => {
          const width = Math.max(2, layout.slot * 0.62);
          const y = layout.y(point.value);
          return (
            <rect
              key={point.label}
              className="chart__bar"
              x={layout.x(index) - width / 2}
              y={y}
              width={width}
              height={Math.max(0, layout.bottom - y)}
              rx={3}
            >
              <title>{`${point.label}: ${formatCompact(point.value)}`}</title>
            </rect>
          );
        })
      }
    </ChartFrame>
  );
}
