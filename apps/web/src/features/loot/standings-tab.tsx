import { amountLabel, MESSAGES, type StandingRow } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useStandingsQuery } from '../../api/loot';
import { DataTable } from '../../ui/data-table';
import { formatRelative } from '../../ui/format-date';
import { Pagination } from '../../ui/pagination';
import { EmptyHint } from '../../ui/query-state';
import { useUrlQuery } from '../../ui/use-url-query';
import { LOOT_QUERY } from './loot-page';

const character: ColumnDef<StandingRow> = {
  id: 'character',
  header: 'Character',
  meta: { cellClassName: 'table__strong' },
  cell: ({ row }) => `${row.original.character.name} (${row.original.character.class})`,
};
const lastAward: ColumnDef<StandingRow> = {
  id: 'lastAward',
  header: 'Last award',
  cell: ({ row }) => (row.original.lastAwardAt ? formatRelative(row.original.lastAwardAt) : 'None yet'),
};
const DKP_COLUMNS: ColumnDef<StandingRow>[] = [
  character,
  { id: 'points', header: 'DKP', meta: { className: 'table__number' }, cell: ({ row }) => amountLabel(row.original.points) },
  { id: 'entries', header: 'Entries', meta: { className: 'table__number' }, cell: ({ row }) => row.original.entries },
  lastAward,
];
const EPGP_COLUMNS: ColumnDef<StandingRow>[] = [
  character,
  { id: 'ep', header: 'EP', meta: { className: 'table__number' }, cell: ({ row }) => amountLabel(row.original.ep) },
  { id: 'gp', header: 'GP', meta: { className: 'table__number' }, cell: ({ row }) => amountLabel(row.original.gp) },
  {
    id: 'priority',
    header: 'Priority (EP / GP)',
    meta: { className: 'table__number' },
    cell: ({ row }) => row.original.priority,
  },
  lastAward,
];

/** The guild's standings, computed from the ledger: DKP by points, EPGP by priority. */
export function StandingsTab({ guildId }: { guildId: string }) {
  const url = useUrlQuery(LOOT_QUERY);
  const standings = useStandingsQuery(guildId, url.query.page);
  const data = standings.data;
  if (data && !data.ledger) {
    return (
      <EmptyHint title="No standings">This guild's loot system keeps no points: awards are listed in the loot log.</EmptyHint>
    );
  }
  return (
    <>
      <DataTable
        columns={data?.ledger === 'epgp' ? EPGP_COLUMNS : DKP_COLUMNS}
        rows={data?.standings ?? []}
        getRowId={(row) => row.character.id}
        label="Standings"
        testId="loot-standings"
        isStacked
        isBusy={standings.isPlaceholderData}
        state={{
          query: standings,
          loading: 'Loading standings...',
          errorText: MESSAGES.requestFailed,
          emptyTitle: 'No ledger entries yet',
        }}
      />
      {data && data.total > data.pageSize && (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          noun="characters"
          onPageChange={(page) => url.set({ page })}
        />
      )}
    </>
  );
}
