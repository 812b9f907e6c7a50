import { useCommunitySession } from '../../community-auth/community-session-context';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AddCredentialsCard } from './add-credentials-card';
import { BattlenetCard } from './battlenet-card';
import { ChangePasswordCard } from './change-password-card';
import { GuildConfigCard } from './guild-config-card';
import { LinkDiscordCard } from './link-discord-card';
import { NotificationSettingsCard } from './notification-settings-card';
import { ProfileCard } from './profile-card';
import { useBattlenetLinkResult } from './use-battlenet-link-result';
import { useDiscordLinkResult } from './use-discord-link-result';

/**
 * /settings: the profile; e-mail and password for a Discord account, or changing the password and linking Discord
 * for an e-mail account (the add-credentials flow the other way round); Battle.net; the notification settings; the
 * selected guild's bot settings for those who may see them.
 */
export function SettingsPage() {
  useDocumentTitle('Settings', 'community');
  const { user, selectedGuild } = useCommunitySession();
  useDiscordLinkResult();
  useBattlenetLinkResult();
  if (!user) return <PageSpinner />;
  return (
    <div className="page page--medium" data-testid="settings-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Settings</h1>
          <p className="page__lead">Your profile, how you sign in, and what you are told about.</p>
        </div>
      </header>
      <ProfileCard user={user} />
      {user.authMethod === 'discord' && <AddCredentialsCard user={user} />}
      {user.authMethod !== 'discord' && <ChangePasswordCard user={user} />}
      {user.authMethod === 'email' && <LinkDiscordCard />}
      <BattlenetCard userId={user.id} />
      <NotificationSettingsCard userId={user.id} />
      {selectedGuild && <GuildConfigCard guild={selectedGuild} />}
    </div>
  );
}
