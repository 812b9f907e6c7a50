import { GUILD_GRANT_MESSAGES } from '@guildhall/contract';
import { ApiError } from '../../api/api-error';
import { useDiscordRoles } from '../../api/guild-grants';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { GuildPicker } from '../../ui/guild-picker';
import { EmptyHint, QueryState } from '../../ui/query-state';
import { DiscordRoleCard } from './discord-role-card';
import { MemberLookup } from './member-lookup';

interface DiscordRolesPanelProps {
  guildId: string | null;
  guildName: string;
  memberId: string | null;
  onGuildChange: (guild: { id: string; name: string } | null) => void;
  onMemberChange: (discordUserId: string | null) => void;
}

/** Whether asking again cannot help: Discord not configured, a guild without a Discord server (409), or none (404). */
const isLasting = (error: unknown) =>
  error instanceof ApiError && (error.code === 'DISCORD_NOT_CONFIGURED' || error.status === 409 || error.status === 404);

/**
 * The Discord roles tab: a guild's Discord roles, each mapped to the guild permissions its holders get, and a
 * member's effective permissions with their sources.
 */
export function DiscordRolesPanel({ guildId, guildName, memberId, onGuildChange, onMemberChange }: DiscordRolesPanelProps) {
  const roles = useDiscordRoles(guildId);

  return (
    <>
      <div className="filter-bar permissions-filters">
        <GuildPicker
          guildId={guildId}
          guildName={guildName}
          onChange={onGuildChange}
          placeholder={GUILD_GRANT_MESSAGES.guildRequired}
          testId="discord-guild"
        />
        {roles.data && (
          <p className="muted">
            Read from Discord{' '}
            <time dateTime={roles.data.fetchedAt} title={formatDateTime(roles.data.fetchedAt)}>
              {formatRelative(roles.data.fetchedAt)}
            </time>
          </p>
        )}
      </div>
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
              <MemberLookup guildId={guildId} memberId={memberId} onLookUp={onMemberChange} />
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
