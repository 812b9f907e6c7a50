import { csvCell } from '../csv';

/** One named line of a time-series chart: [time in ms since the epoch, value] pairs, in any order. */
export interface TimeSeries {
  name: string;
  points: readonly (readonly [number, number])[];
}

/**
 * The series on one shared, sorted time axis, as uPlot wants them: the times in seconds first, then one array per
 * series with null where that series has no point at that time (uPlot leaves a gap or spans it).
 */
export function alignSeries(series: readonly TimeSeries[]): [number[], ...(number | null)[][]] {
  const times = [...new Set(series.flatMap((line) => line.points.map(([time]) => time)))].sort((a, b) => a - b);
  const slot = new Map(times.map((time, index) => [time, index]));
  const columns = series.map((line) => {
    const values: (number | null)[] = new Array(times.length).fill(null);
    for (const [time, value] of line.points) values[slot.get(time)!] = Number.isFinite(value) ? value : null;
    return values;
  });
  return [times.map((time) => time / 1000), ...columns];
}

/** The chart's numbers as CSV: a `time` column (ISO 8601) and one column per series, empty where it has no point. */
export function timeSeriesCsv(series: readonly TimeSeries[]): string {
  const [times, ...columns] = alignSeries(series);
  const lines = [['time', ...series.map((line) => line.name)].map(csvCell).join(',')];
  times.forEach((seconds, row) => {
    const cells = columns.map((column) => (column[row] === null ? '' : String(column[row])));
    lines.push([new Date(seconds * 1000).toISOString(), ...cells].join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name made of a title: lower case, words joined by dashes ('Query result' → 'query-result'). */
export function chartFileName(title: string, extension: string): string {
  const stem = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${stem || 'chart'}.${extension}`;
}
