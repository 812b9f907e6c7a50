import { GUILD_GRANT_MESSAGES, GUILD_GRANT_PAGE, type GuildGrant } from '@guildhall/contract';
import { Plus, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { type GuildGrantFilters, useGuildGrants, useRevokeGrantMutation } from '../../api/guild-grants';
import { ConfirmModal } from '../../ui/confirm-modal';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { Pagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { SearchInput } from '../../ui/search-input';
import { TableScroll } from '../../ui/table-scroll';
import { GrantFormModal } from './grant-form-modal';
import { GuildPicker } from './guild-picker';

interface GuildGrantsPanelProps {
  filters: GuildGrantFilters;
  guildName: string;
  onGuildChange: (guild: { id: string; name: string } | null) => void;
  onSearch: (search: string) => void;
  onPageChange: (page: number) => void;
}

/** The Guild grants tab: the permissions community users hold by grant, by guild and user, granted and revoked here. */
export function GuildGrantsPanel({ filters, guildName, onGuildChange, onSearch, onPageChange }: GuildGrantsPanelProps) {
  const list = useGuildGrants(filters);
  const revoke = useRevokeGrantMutation();
  const [isGranting, setIsGranting] = useState(false);
  const [revoking, setRevoking] = useState<GuildGrant | null>(null);
  const grants = list.data?.data ?? [];
  const currentGuild = filters.guildId ? { id: filters.guildId, name: guildName } : null;

  function handleRevoke() {
    if (!revoking) return;
    revoke.mutate({ id: revoking.id, guildId: revoking.guildId }, { onSettled: () => setRevoking(null) });
  }

  return (
    <>
      <search className="filter-bar permissions-filters">
        <GuildPicker
          guildId={filters.guildId ?? null}
          guildName={guildName}
          onChange={onGuildChange}
          isClearable
          testId="grants-guild"
        />
        <SearchInput
          value={filters.search ?? ''}
          onSearch={onSearch}
          label="Search grants by user"
          placeholder="Search by username, e-mail or Discord id"
          testId="grants-search"
        />
        <button type="button" className="button button--primary" onClick={() => setIsGranting(true)}>
          <Plus size={16} aria-hidden="true" />
          Grant permissions
        </button>
      </search>
      <QueryState
        query={list}
        loading="Loading grants"
        errorText={GUILD_GRANT_MESSAGES.loadFailed}
        isEmpty={() => grants.length === 0}
        empty={filters.search ? 'No grants match this search' : GUILD_GRANT_MESSAGES.noGrants}
        testId="grants"
      >
        {() => (
          <TableScroll label="Guild grants" isBusy={list.isFetching}>
            <table className="table" data-testid="grants-table">
              <thead>
                <tr>
                  <th scope="col">User and e-mail</th>
                  <th scope="col">Discord ID</th>
                  <th scope="col">Guild</th>
                  <th scope="col">Permission</th>
                  <th scope="col">Granted by</th>
                  <th scope="col">When</th>
                  <th scope="col" className="table__actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {grants.map((grant) => (
                  <tr key={grant.id} data-testid="grant-row">
                    <td>
                      <span className="grant-user">
                        <span className="table__strong">{grant.username}</span>
                        <span className="muted">{grant.email ?? 'No e-mail'}</span>
                      </span>
                    </td>
                    <td>{grant.discordId ? <code>{grant.discordId}</code> : <span className="muted">None</span>}</td>
                    <td>{grant.guildName}</td>
                    <td>
                      <code>{grant.permission}</code>
                    </td>
                    <td>{grant.grantedBy ?? <span className="muted">Unknown</span>}</td>
                    <td className="grant-when">
                      <time dateTime={grant.grantedAt} title={formatDateTime(grant.grantedAt)}>
                        {formatRelative(grant.grantedAt)}
                      </time>
                    </td>
                    <td className="table__actions">
                      <button
                        type="button"
                        className="icon-button"
                        onClick={() => setRevoking(grant)}
                        aria-label={`Revoke ${grant.permission} from ${grant.username} in ${grant.guildName}`}
                        title="Revoke"
                      >
                        <UserMinus size={16} aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryState>
      <Pagination
        page={list.data?.pagination.page ?? filters.page}
        pageSize={GUILD_GRANT_PAGE.size}
        total={list.data?.pagination.total ?? 0}
        onPageChange={onPageChange}
        testId="grants-pagination"
        noun="grants"
      />
      {isGranting && <GrantFormModal guild={currentGuild} onClose={() => setIsGranting(false)} />}
      <ConfirmModal
        isOpen={revoking !== null}
        title="Revoke permission?"
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        isBusy={revoke.isPending}
        isDanger
        onConfirm={handleRevoke}
        onClose={() => setRevoking(null)}
        testId="revoke-grant"
      >
        <p>
          Revoke <code>{revoking?.permission}</code> from <strong>{revoking?.username}</strong> in{' '}
          <strong>{revoking?.guildName}</strong>? Permissions the user gets from Discord stay.
        </p>
      </ConfirmModal>
    </>
  );
}
