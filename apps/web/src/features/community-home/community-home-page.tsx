import { MESSAGES } from '@guildhall/contract';
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../../api/api-error';
import { useGuildOverviewQuery } from '../../api/guild-overview';
import { useCommunitySession } from '../../community-auth/community-session-context';
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
  if (overview.isPending) return <PageSpinner label="Loading your guild..." />;
  if (overview.isError) {
    return (
      <section className="empty-panel" role="alert">
        <p className="empty-panel__body">{errorMessage(overview.error, MESSAGES.requestFailed)}</p>
        <button type="button" className="button button--secondary" onClick={() => void overview.refetch()}>
          <RefreshCw size={16} aria-hidden="true" />
          Retry
        </button>
      </section>
    );
  }

  const { guild, permissions } = overview.data;
  return (
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
  );
}
