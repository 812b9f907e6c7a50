import { MESSAGES } from '@guildhall/contract';
import { useGuildOverviewQuery } from '../../api/guild-overview';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { QueryState } from '../../ui/query-state';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { OfficerInviteCard } from '../guild-invites/officer-invite-card';
import { AccountSummary } from './account-summary';
import { GuildHero } from './guild-hero';
import { PermissionList } from './permission-list';

/** /: the selected guild's home (GET /api/guild/overview): the guild, its members, what the user may do there. */
export function CommunityHomePage() {
  const { user, selectedGuild } = useCommunitySession();
  const guildId = selectedGuild?.id ?? '';
  const overview = useGuildOverviewQuery(guildId);
  useDocumentTitle(overview.data?.guild.name ?? selectedGuild?.name ?? 'Home', 'community');

  if (!user || !selectedGuild) return <PageSpinner />;
  return (
    <QueryState
      query={overview}
      variant="page"
      loading="Loading your guild..."
      errorTitle="Your guild could not be loaded"
      errorText={MESSAGES.requestFailed}
      testId="community-home"
    >
      {({ guild, permissions }) => (
        <div className="page community-home" data-testid="community-home">
          <GuildHero
            name={guild.name}
            iconUrl={guild.iconUrl}
            memberCount={guild.memberCount}
            isAdmin={user.isAdmin}
            username={user.globalName ?? user.username}
          />
          <div className="community-home__grid">
            <PermissionList permissions={permissions} />
            <AccountSummary user={user} />
          </div>
          <OfficerInviteCard guild={selectedGuild} />
        </div>
      )}
    </QueryState>
  );
}
