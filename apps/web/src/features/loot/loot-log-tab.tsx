import { type LootLogEntry, MESSAGES } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useLootLogQuery } from '../../api/loot';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-date';
import { Pagination } from '../../ui/pagination';
import { useUrlQuery } from '../../ui/use-url-query';
import { changeText, kindLabel } from './loot-amounts';
import { LOOT_QUERY } from './loot-page';

const COLUMNS: ColumnDef<LootLogEntry>[] = [
  { id: 'at', header: 'When', cell: ({ row }) => formatDateTime(row.original.at) },
  { id: 'type', header: 'What', cell: ({ row }) => kindLabel(row.original.type) },
  {
    id: 'character',
    header: 'Character',
    meta: { cellClassName: 'table__strong' },
    cell: ({ row }) => row.original.characterName,
  },
  { id: 'item', header: 'Item', cell: ({ row }) => row.original.itemName ?? '—' },
  { id: 'change', header: 'Change', cell: ({ row }) => changeText(row.original) },
  { id: 'text', header: 'Note or reason', cell: ({ row }) => row.original.text || '—' },
  { id: 'by', header: 'Recorded by', cell: ({ row }) => row.original.recordedBy ?? 'System' },
];

/** The guild's loot log: every award and ledger change, newest first, with who recorded it. */
export function LootLogTab({ guildId }: { guildId: string }) {
  const url = useUrlQuery(LOOT_QUERY);
  const log = useLootLogQuery(guildId, url.query.page);
  const data = log.data;
  return (
    <>
      <DataTable
        columns={COLUMNS}
        rows={data?.entries ?? []}
        getRowId={(row) => `${row.type}-${row.id}`}
        label="Loot log"
        testId="loot-log"
        isStacked
        isBusy={log.isPlaceholderData}
        state={{
          query: log,
          loading: 'Loading the loot log...',
          errorText: MESSAGES.requestFailed,
          emptyTitle: 'Nothing recorded yet',
        }}
      />
      {data && data.total > data.pageSize && (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          noun="entries"
          onPageChange={(page) => url.set({ page })}
        />
      )}
    </>
  );
}
