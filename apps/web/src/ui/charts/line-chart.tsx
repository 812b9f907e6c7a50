import { formatCompact } from '../format-number';
import { ChartFrame, type ChartPoint } from './chart-frame';

interface LineChartProps {
  title: string;
  points: readonly ChartPoint[];
  height?: number;
}

/** A line with a soft area under it; each point names its value on hover. */
export function LineChart({ title, points, height }: LineChartProps) {
  return (
    <ChartFrame title={title} points={points} height={height}>
      {(layout) => {
        const coordinates = points.map((point, index) => `${layout.x(index)},${layout.y(point.value)}`);
        const first = points.length > 0 ? layout.x(0) : layout.left;
        const last = points.length > 0 ? layout.x(points.length - 1) : layout.left;
        return (
          <>
            {points.length > 1 && (
              <polygon
                className="chart__area"
                points={[`${first},${layout.bottom}`, ...coordinates, `${last},${layout.bottom}`].join(' ')}
              />
            )}
            <polyline className="chart__line" points={coordinates.join(' ')} fill="none" />
            {points.map((point, index) => (
              <circle key={point.label} className="chart__point" cx={layout.x(index)} cy={layout.y(point.value)} r={3.5}>
                <title>{`${point.label}: ${formatCompact(point.value)}`}</title>
              </circle>
            ))}
          </>
        );
      }}
    </ChartFrame>
  );
}
