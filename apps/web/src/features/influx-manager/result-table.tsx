import type { InfluxPoint } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../ui/data-table';
import { tagsText, valueText } from './result-series';

const COLUMNS: ColumnDef<InfluxPoint>[] = [
  { id: 'time', header: 'Time', meta: { cellClassName: 'influx-mono' }, cell: ({ row }) => row.original.time ?? '' },
  { id: 'measurement', header: 'Measurement', cell: ({ row }) => row.original.measurement ?? '' },
  { id: 'field', header: 'Field', cell: ({ row }) => row.original.field ?? '' },
  {
    id: 'value',
    header: 'Value',
    meta: { cellClassName: 'influx-table__value' },
    cell: ({ row }) => valueText(row.original.value),
  },
  { id: 'tags', header: 'Tags', meta: { cellClassName: 'influx-mono' }, cell: ({ row }) => tagsText(row.original.tags) },
];

/** Data points as the spec's table shows them: Time, Measurement, Field, Value (4 decimals), Tags. */
export function ResultTable({
  rows,
  label,
  testId = 'influx-result-table',
}: {
  rows: readonly InfluxPoint[];
  label: string;
  testId?: string;
}) {
  // Points have no id; a row's place is its identity within one answer.
  return (
    <DataTable
      columns={COLUMNS}
      rows={rows}
      getRowId={(_row, index) => String(index)}
      label={label}
      testId={testId}
      className="influx-table"
    />
  );
}
