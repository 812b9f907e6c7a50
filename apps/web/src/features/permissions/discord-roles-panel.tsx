import { GUILD_GRANT_MESSAGES } from '@guildhall/contract';
import { ApiError } from '../../api/api-error';
import { useDiscordRoles } from '../../api/guild-grants';
import { FilterBar } from '../../ui/filter-bar';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { EmptyHint, QueryState } from '../../ui/query-state';
import type { UrlQueryChangeOptions } from '../../ui/use-url-query';
import { DiscordRoleCard } from './discord-role-card';
import { MemberLookup } from './member-lookup';
import { guildFilter, type PermissionParams } from './permission-query';

interface DiscordRolesPanelProps {
  /** The screen's state as its URL holds it: the guild and the member looked up. */
  state: PermissionParams;
  guildName: string;
  /** Writes a change to the URL. */
  onChange: (change: Partial<PermissionParams>, options?: UrlQueryChangeOptions) => void;
  /** Hears the guild picked, to keep its name. */
  onGuildPick: (guild: { id: string; name: string } | null) => void;
}

/** Whether asking again cannot help: Discord not configured, a guild without a Discord server (409), or none (404). */
const isLasting = (error: unknown) =>
  error instanceof ApiError && (error.code === 'DISCORD_NOT_CONFIGURED' || error.status === 409 || error.status === 404);

/**
 * The Discord roles tab: a guild's Discord roles, each mapped to the guild permissions its holders get, and a
 * member's effective permissions with their sources.
 */
export function DiscordRolesPanel({ state, guildName, onChange, onGuildPick }: DiscordRolesPanelProps) {
  const guildId = state.guild ?? null;
  const memberId = state.member ?? null;
  const roles = useDiscordRoles(guildId);

  return (
    <>
      <FilterBar
        values={state}
        onChange={onChange}
        label="Choose the guild"
        className="permissions-filters"
        fields={[
          guildFilter(guildName, onGuildPick, { placeholder: GUILD_GRANT_MESSAGES.guildRequired, testId: 'discord-guild' }),
        ]}
      >
        {roles.data && (
          <p className="muted">
            Read from Discord{' '}
            <time dateTime={roles.data.fetchedAt} title={formatDateTime(roles.data.fetchedAt)}>
              {formatRelative(roles.data.fetchedAt)}
            </time>
          </p>
        )}
      </FilterBar>
      {guildId === null ? (
        <EmptyHint>Choose a guild to see its Discord roles.</EmptyHint>
      ) : (
        <QueryState
          query={roles}
          loading="Reading the Discord roles"
          errorText={GUILD_GRANT_MESSAGES.rolesUnavailable}
          canRetry={(error) => !isLasting(error)}
          isEmpty={(answer) => answer.data.length === 0}
          empty="This guild's Discord server has no roles."
          testId="discord-roles"
        >
          {(answer) => (
            <div className="discord-roles-layout">
              <MemberLookup
                guildId={guildId}
                memberId={memberId}
                onLookUp={(member) => onChange({ member: member ?? undefined })}
              />
              <ul className="discord-roles" aria-label="Discord roles" data-testid="discord-roles">
                {answer.data.map((role) => (
                  <DiscordRoleCard key={`${guildId}-${role.id}`} guildId={guildId} role={role} />
                ))}
              </ul>
            </div>
          )}
        </QueryState>
      )}
    </>
  );
}
