import { GUILD_GRANT_MESSAGES, type GuildGrant } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, UserMinus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useGuildGrants, useRevokeGrantMutation } from '../../api/guild-grants';
import { ConfirmItemModal } from '../../ui/confirm-modal';
import { DataTable } from '../../ui/data-table';
import { FilterBar } from '../../ui/filter-bar';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { PagedList } from '../../ui/paged-list';
import type { UrlQueryChangeOptions } from '../../ui/use-url-query';
import { GrantFormModal } from './grant-form-modal';
import { grantFilters, guildFilter, type PermissionParams } from './permission-query';

function grantColumns(onRevoke: (grant: GuildGrant) => void): ColumnDef<GuildGrant>[] {
  return [
    {
      id: 'user',
      header: 'User and e-mail',
      cell: ({ row: { original: grant } }) => (
        <span className="grant-user">
          <span className="table__strong">{grant.username}</span>
          <span className="muted">{grant.email ?? 'No e-mail'}</span>
        </span>
      ),
    },
    {
      id: 'discordId',
      header: 'Discord ID',
      cell: ({ row }) => (row.original.discordId ? <code>{row.original.discordId}</code> : <span className="muted">None</span>),
    },
    { id: 'guild', header: 'Guild', cell: ({ row }) => row.original.guildName },
    { id: 'permission', header: 'Permission', cell: ({ row }) => <code>{row.original.permission}</code> },
    {
      id: 'grantedBy',
      header: 'Granted by',
      cell: ({ row }) => row.original.grantedBy ?? <span className="muted">Unknown</span>,
    },
    {
      id: 'when',
      header: 'When',
      meta: { cellClassName: 'grant-when' },
      cell: ({ row: { original: grant } }) => (
        <time dateTime={grant.grantedAt} title={formatDateTime(grant.grantedAt)}>
          {formatRelative(grant.grantedAt)}
        </time>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      meta: { className: 'table__actions' },
      cell: ({ row: { original: grant } }) => (
        <button
          type="button"
          className="icon-button"
          onClick={() => onRevoke(grant)}
          aria-label={`Revoke ${grant.permission} from ${grant.username} in ${grant.guildName}`}
          title="Revoke"
        >
          <UserMinus size={16} aria-hidden="true" />
        </button>
      ),
    },
  ];
}

interface GuildGrantsPanelProps {
  /** The screen's state as its URL holds it: the guild, the user search, the page and page size. */
  state: PermissionParams;
  guildName: string;
  /** Writes a change to the URL (a new guild or search goes back to page 1 there). */
  onChange: (change: Partial<PermissionParams>, options?: UrlQueryChangeOptions) => void;
  /** Hears the guild picked, to keep its name. */
  onGuildPick: (guild: { id: string; name: string } | null) => void;
}

/** The Guild grants tab: the permissions community users hold by grant, by guild and user, granted and revoked here. */
export function GuildGrantsPanel({ state, guildName, onChange, onGuildPick }: GuildGrantsPanelProps) {
  const filters = useMemo(() => grantFilters(state), [state]);
  const list = useGuildGrants(filters);
  const revoke = useRevokeGrantMutation();
  const [isGranting, setIsGranting] = useState(false);
  const [revoking, setRevoking] = useState<GuildGrant | null>(null);
  const columns = useMemo(() => grantColumns(setRevoking), []);
  const currentGuild = filters.guildId ? { id: filters.guildId, name: guildName } : null;

  return (
    <>
      <FilterBar
        values={state}
        onChange={onChange}
        label="Filter the guild grants"
        isFiltered={Boolean(state.guild || state.search)}
        className="permissions-filters"
        fields={[
          guildFilter(guildName, onGuildPick, {
            placeholder: 'All guilds',
            clearLabel: 'Show all guilds',
            testId: 'grants-guild',
          }),
          {
            kind: 'search',
            name: 'search',
            label: 'Search grants by user',
            placeholder: 'Search by username, e-mail or Discord id',
            testId: 'grants-search',
          },
        ]}
      >
        <button type="button" className="button button--primary" onClick={() => setIsGranting(true)}>
          <Plus size={16} aria-hidden="true" />
          Grant permissions
        </button>
      </FilterBar>
      <PagedList
        query={list}
        page={filters}
        onPageChange={onChange}
        loading="Loading grants"
        errorText={GUILD_GRANT_MESSAGES.loadFailed}
        empty={filters.search ? 'No grants match this search' : GUILD_GRANT_MESSAGES.noGrants}
        testId="grants"
        pagerTestId="grants-pagination"
        noun="grants"
      >
        {(grants) => (
          <DataTable
            columns={columns}
            rows={grants}
            getRowId={(grant) => grant.id}
            label="Guild grants"
            testId="grants-table"
            rowAttributes={() => ({ 'data-testid': 'grant-row' })}
            isStacked
            isBusy={list.isFetching}
          />
        )}
      </PagedList>
      {isGranting && <GrantFormModal guild={currentGuild} onClose={() => setIsGranting(false)} />}
      <ConfirmItemModal
        item={revoking}
        mutation={revoke}
        variables={(grant) => ({ id: grant.id, guildId: grant.guildId })}
        title="Revoke permission?"
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        isDanger
        onClose={() => setRevoking(null)}
        testId="revoke-grant"
      >
        <p>
          Revoke <code>{revoking?.permission}</code> from <strong>{revoking?.username}</strong> in{' '}
          <strong>{revoking?.guildName}</strong>? Permissions the user gets from Discord stay.
        </p>
      </ConfirmItemModal>
    </>
  );
}
