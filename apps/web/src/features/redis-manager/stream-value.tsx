import type { RedisKeyValue } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../ui/data-table';
import { EmptyHint } from '../../ui/query-state';
import { bytesText } from './key-display';

type StreamPage = Extract<RedisKeyValue, { type: 'stream' }>;
type StreamEntry = StreamPage['value'][number];

const COLUMNS: ColumnDef<StreamEntry>[] = [
  { id: 'id', header: 'ID', meta: { cellClassName: 'redis-mono' }, cell: ({ row }) => row.original.id },
  {
    id: 'fields',
    header: 'Fields',
    meta: { cellClassName: 'redis-elements__value' },
    cell: ({ row }) =>
      row.original.fields.map(({ field, value }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a stream entry may repeat a field name
        <span key={index} className="redis-pair">
          <span className="redis-pair__field">{bytesText(field)}</span> {bytesText(value)}
        </span>
      )),
  },
];

/** A stream's entries, oldest first: the id and its field/value pairs (read only). */
export function StreamValue({ pages }: { pages: readonly StreamPage[] }) {
  const entries = pages.flatMap((page) => page.value);
  if (entries.length === 0) return <EmptyHint>The stream has no entries.</EmptyHint>;
  return (
    <DataTable
      columns={COLUMNS}
      rows={entries}
      getRowId={(entry) => entry.id}
      label="Stream entries"
      testId="redis-elements"
      className="redis-elements"
      rowAttributes={() => ({ 'data-testid': 'redis-element' })}
    />
  );
}
