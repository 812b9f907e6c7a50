import type { InfluxPoint } from '@guildhall/contract';
import type { TimeSeries } from '../../ui/charts/time-series';

/** The tags of a point as text, in name order: 'guild=7, realm=eu'. */
export function tagsText(tags: Readonly<Record<string, string>>): string {
  return Object.keys(tags)
    .sort()
    .map((name) => `${name}=${tags[name]}`)
    .join(', ');
}

/**
 * A value as the results table shows it: fractions to 4 decimals (spec 2 §2), whole numbers as they are (a count
 * read "251.0000", issue 29), the rest as they are.
 */
export function valueText(value: InfluxPoint['value']): string {
  if (value === null) return '';
  if (typeof value !== 'number') return String(value);
  return Number.isInteger(value) ? String(value) : value.toFixed(4);
}

/**
 * A result's numeric points as chart lines, one per series as InfluxDB means it (measurement, field and tag set):
 * 'cpu.usage {host=a}'. Points without a time or a number (strings, booleans) have no place on the chart.
 */
export function resultSeries(rows: readonly InfluxPoint[]): TimeSeries[] {
  const lines = new Map<string, [number, number][]>();
  for (const row of rows) {
    if (typeof row.value !== 'number' || row.time === null) continue;
    const time = Date.parse(row.time);
    if (Number.isNaN(time)) continue;
    const tags = tagsText(row.tags);
    const name = [row.measurement, row.field].filter(Boolean).join('.') + (tags ? ` {${tags}}` : '');
    const points = lines.get(name) ?? [];
    points.push([time, row.value]);
    lines.set(name, points);
  }
  return [...lines].map(([name, points]) => ({ name: name || 'value', points }));
}
