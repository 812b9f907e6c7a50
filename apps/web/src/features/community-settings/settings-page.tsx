import { useCommunitySession } from '../../community-auth/community-session-context';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AddCredentialsCard } from './add-credentials-card';
import { NotificationSettingsCard } from './notification-settings-card';
import { ProfileCard } from './profile-card';

/** /settings: the profile, e-mail and password for a Discord account, and the notification settings. */
export function SettingsPage() {
  useDocumentTitle('Settings', 'community');
  const { user } = useCommunitySession();
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
      <NotificationSettingsCard userId={user.id} />
    </div>
  );
}
