import type { LootLogEntry } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useLootLogQuery } from '../../api/loot';
import { formatDateTime } from '../../ui/format-date';
import { useUrlQuery } from '../../ui/use-url-query';
import { changeText, kindLabel } from './loot-amounts';
import { LOOT_QUERY } from './loot-page';
import { LootPagedTable } from './loot-section';

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
  return (
    <LootPagedTable
      query={log}
      rows={(data) => data.entries}
      columns={COLUMNS}
      getRowId={(row) => `${row.type}-${row.id}`}
      label="Loot log"
      testId="loot-log"
      loading="Loading the loot log..."
      emptyTitle="Nothing recorded yet"
      noun="entries"
      onPageChange={(page) => url.set({ page })}
    />
  );
}
