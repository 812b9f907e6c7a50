import { type CommunityUser, usernameSchema } from '@guildhall/contract';
import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useProfileQuery, useUpdateProfileMutation } from '../../api/me';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { ResendVerificationButton } from '../../community-auth/resend-verification-button';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Fact, Facts } from '../../ui/facts';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { TextField } from '../../ui/text-field';
import { AUTH_METHOD_LABELS } from '../community-home/auth-method-labels';

/**
 * The user's profile: the username to change, the e-mail and how they sign in. Shows the session's user, which
 * GET /api/me/profile brings up to date (an address verified in another tab, credentials added elsewhere).
 */
export function ProfileCard({ user }: { user: CommunityUser }) {
  const { updateUser } = useCommunitySession();
  const profile = useProfileQuery(user.id);
  const fresh = profile.data;
  useEffect(() => {
    if (fresh) updateUser(fresh);
  }, [fresh, updateUser]);
  const update = useUpdateProfileMutation(user.id);
  const [username, setUsername] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shownUsername = username ?? user.username;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = usernameSchema.safeParse(shownUsername);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => setUsername(null),
      onError: (failure) => setError(fieldErrorsFromError(failure).username),
    });
  }

  return (
    <Card title="Profile" data-testid="profile-card">
      <form className="form settings-form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Username"
          error={error}
          name="username"
          autoComplete="username"
          value={shownUsername}
          onChange={(value) => {
            setUsername(value);
            setError(undefined);
          }}
        />
        <Facts>
          <Fact term="Email">
            {user.email ?? 'None yet'}{' '}
            {user.email && (
              <Badge tone={user.emailVerified ? 'good' : 'warn'} data-testid="email-status">
                {user.emailVerified ? 'Verified' : 'Not verified'}
              </Badge>
            )}
          </Fact>
          <Fact term="Signs in with" testId="auth-method">
            {AUTH_METHOD_LABELS[user.authMethod]}
          </Fact>
        </Facts>
        <div className="form__actions">
          {user.email && !user.emailVerified && <ResendVerificationButton variant="secondary" />}
          <button
            type="submit"
            className="button button--primary"
            disabled={update.isPending || shownUsername.trim() === user.username}
          >
            <Save size={16} aria-hidden="true" />
            Save profile
          </button>
        </div>
      </form>
    </Card>
  );
}
