import {
  MESSAGES,
  ROSTER_KIND_LABELS,
  ROSTER_KINDS,
  ROSTER_MARK_LABELS,
  ROSTER_MARKS,
  type RosterQuery,
  type RosterSort,
  rosterQuery,
} from '@guildhall/contract';
import { useMemo } from 'react';
import { useRosterQuery } from '../../api/roster';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { DataTable } from '../../ui/data-table';
import { FilterBar, type FilterField } from '../../ui/filter-bar';
import { Pagination } from '../../ui/pagination';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { MyAttendance } from '../raids/my-attendance';
import { RoleSyncCard } from './role-sync-card';
import { CLASS_CHOICES, ROLE_CHOICES, rosterColumns } from './roster-columns';
import '../../styles/roster.css';

const FIELDS: readonly FilterField<RosterQuery>[] = [
  { kind: 'search', name: 'search', label: 'Search characters and members', placeholder: 'Search name', maxLength: 64 },
  { kind: 'select', name: 'class', label: 'Class', options: CLASS_CHOICES, all: 'All classes', testId: 'roster-class' },
  { kind: 'select', name: 'role', label: 'Role', options: ROLE_CHOICES, all: 'All roles', testId: 'roster-role' },
  {
    kind: 'select',
    name: 'kind',
    label: 'Characters',
    options: ROSTER_KINDS.map((value) => ({ value, label: ROSTER_KIND_LABELS[value] })),
    testId: 'roster-kind',
  },
  {
    kind: 'select',
    name: 'mark',
    label: 'Members',
    options: ROSTER_MARKS.map((value) => ({ value, label: ROSTER_MARK_LABELS[value] })),
    testId: 'roster-mark',
  },
];

/**
 * /roster: the guild's characters with their members (main and alts), class, spec, role, item level, rank, attendance
 * and last seen; filters, sort and page in the URL, all done by the server. Officers see everyone's attendance and
 * mark mains, trials and inactive members; a member sees their own rate. Under it, member managers keep Discord roles
 * in step with the roster.
 */
export function RosterPage() {
  const { selectedGuild } = useCommunitySession();
  const guildId = selectedGuild?.id ?? '';
  const { query, set } = useUrlQuery(rosterQuery);
  const roster = useRosterQuery(guildId, query);
  const canManage = roster.data?.canManage ?? false;
  const columns = useMemo(() => rosterColumns(guildId, canManage), [guildId, canManage]);
  useDocumentTitle('Roster', 'community');
  if (!selectedGuild) return <PageSpinner />;
  const data = roster.data;
  const isFiltered = Boolean(query.search || query.class || query.role || query.kind !== 'all' || query.mark !== 'all');
  return (
    <div className="page roster-page" data-testid="roster-page">
      <header className="roster-page__header">
        <h1 className="roster-page__title">Roster</h1>
        <p className="roster-page__lead">
          {canManage
            ? "Everyone's attendance against the guild's rule; mark mains, trials and inactive members."
            : 'The guild’s characters and who plays them. Your own attendance is shown on your characters.'}
        </p>
      </header>
      <MyAttendance guildId={guildId} />
      <FilterBar values={query} onChange={set} fields={FIELDS} isFiltered={isFiltered} testId="roster-filters" />
      <DataTable
        columns={columns}
        rows={data?.entries ?? []}
        getRowId={(entry) => entry.characterId}
        label="Roster"
        testId="roster"
        isStacked
        isBusy={roster.isPlaceholderData}
        rowAttributes={(entry) => ({ 'data-character': entry.name })}
        sort={{
          by: query.sort,
          order: query.order,
          onSort: (sort: RosterSort, order) => set({ sort, order }),
        }}
        state={{
          query: roster,
          loading: 'Loading the roster...',
          errorText: MESSAGES.requestFailed,
          emptyTitle: isFiltered ? 'No characters match these filters' : 'No characters in this guild yet',
        }}
      />
      {data && data.total > data.limit && (
        <Pagination
          page={data.page}
          pageSize={data.limit}
          total={data.total}
          noun="characters"
          onPageChange={(page) => set({ page })}
        />
      )}
      <RoleSyncCard guildId={guildId} />
    </div>
  );
}
