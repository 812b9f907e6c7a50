import type { InfluxRow } from '@guildhall/contract';
import { TableScroll } from '../../ui/table-scroll';
import { tagsText, valueText } from './result-series';

/** Data points as the spec's table shows them: Time, Measurement, Field, Value (4 decimals), Tags. */
export function ResultTable({
  rows,
  label,
  testId = 'influx-result-table',
}: {
  rows: readonly InfluxRow[];
  label: string;
  testId?: string;
}) {
  return (
    <TableScroll label={label}>
      <table className="table influx-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Measurement</th>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
            <th scope="col">Tags</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Points have no id; a row's place is its identity within one answer.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index}>
              <td className="influx-mono">{row.time ?? ''}</td>
              <td>{row.measurement ?? ''}</td>
              <td>{row.field ?? ''}</td>
              <td className="influx-table__value">{valueText(row.value)}</td>
              <td className="influx-mono">{tagsText(row.tags)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
