import { amountLabel, type StandingRow } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useStandingsQuery } from '../../api/loot';
import { formatRelative } from '../../ui/format-date';
import { EmptyHint } from '../../ui/query-state';
import { useUrlQuery } from '../../ui/use-url-query';
import { LOOT_QUERY } from './loot-page';
import { LootPagedTable } from './loot-section';

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
    <LootPagedTable
      query={standings}
      rows={(answer) => answer.standings}
      columns={data?.ledger === 'epgp' ? EPGP_COLUMNS : DKP_COLUMNS}
      getRowId={(row) => row.character.id}
      label="Standings"
      testId="loot-standings"
      loading="Loading standings..."
      emptyTitle="No ledger entries yet"
      noun="characters"
      onPageChange={(page) => url.set({ page })}
    />
  );
}
