import type { ReactNode } from 'react';
import { formatCompact } from '../format-number';
import { axisTicks, labelIndexes } from './scale';
import { useElementWidth } from './use-element-width';

/** One value of a chart with the label under it. */
export interface ChartPoint {
  label: string;
  value: number;
}

/** The drawing area of a chart in SVG units, and where a value lands on it. */
export interface ChartLayout {
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Horizontal centre of slot `index` of `count`. */
  x: (index: number) => number;
  /** Width of one slot. */
  slot: number;
  y: (value: number) => number;
}

const MARGIN = { left: 44, right: 12, top: 12, bottom: 28 } as const;
/** Room one label under the axis needs, in pixels. */
const LABEL_WIDTH = 64;

interface ChartFrameProps {
  title: string;
  points: readonly ChartPoint[];
  height?: number;
  /** Draws the series on the layout. */
  children: (layout: ChartLayout) => ReactNode;
}

/** The axes, grid lines and labels shared by the charts, with the numbers as a table for screen readers. */
export function ChartFrame({ title, points, height = 220, children }: ChartFrameProps) {
  const [ref, width] = useElementWidth<HTMLElement>(640);
  const max = Math.max(0, ...points.map((point) => point.value));
  const ticks = axisTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const right = width - MARGIN.right;
  const bottom = height - MARGIN.bottom;
  const slot = (right - MARGIN.left) / Math.max(1, points.length);
  const layout: ChartLayout = {
    left: MARGIN.left,
    right,
    top: MARGIN.top,
    bottom,
    slot,
    x: (index) => MARGIN.left + slot * (index + 0.5),
    y: (value) => bottom - ((bottom - MARGIN.top) * value) / top,
  };
  const shownLabels = labelIndexes(points.length, Math.max(2, Math.floor((right - MARGIN.left) / LABEL_WIDTH)));

  return (
    <figure className="chart" ref={ref}>
      <figcaption className="chart__title">{title}</figcaption>
      <svg className="chart__svg" viewBox={`0 0 ${width} ${height}`} height={height} role="img" aria-label={title}>
        {ticks.map((tick) => (
          <g key={tick} className="chart__tick">
            <line x1={layout.left} x2={layout.right} y1={layout.y(tick)} y2={layout.y(tick)} className="chart__grid" />
            <text x={layout.left - 8} y={layout.y(tick)} className="chart__axis-label" textAnchor="end" dominantBaseline="middle">
              {formatCompact(tick)}
            </text>
          </g>
        ))}
        {children(layout)}
        {points.map((point, index) =>
          shownLabels.has(index) ? (
            <text key={point.label} x={layout.x(index)} y={bottom + 18} className="chart__axis-label" textAnchor="middle">
              {point.label}
            </text>
          ) : null,
        )}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{point.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
