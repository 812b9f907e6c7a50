import { COMMUNITY_PATHS } from '@guildhall/contract';
import { Swords } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { useSignInMethodsQuery } from '../../api/sign-in-methods';
import { safeCommunityReturn, withReturnPath } from '../../community-auth/community-paths';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { AuthCard } from '../../ui/auth-card';
import { SessionLoading } from '../../ui/session-screens';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { discordErrorText } from './discord-error-text';
import { DiscordSignInButton } from './discord-sign-in-button';
import { EmailSignInForm } from './email-sign-in-form';

/**
 * /login: Discord (when the server offers it) or e-mail and password; returns to `from` afterwards and shows why a
 * Discord sign-in came back.
 */
export function SignInPage() {
  useDocumentTitle('Sign in', 'community');
  const { status } = useCommunitySession();
  const methods = useSignInMethodsQuery();
  // Unknown (the call failed): offer the button, which says so itself when Discord is not configured.
  const hasDiscord = methods.data?.discord ?? true;
  const [searchParams] = useLiveSearchParams();
  const from = searchParams.get('from');
  const returnPath = safeCommunityReturn(from);
  const discordError = discordErrorText(searchParams.get('error'));

  if (status === 'signed-in') return <Navigate to={returnPath} replace />;
  if (status === 'loading' || methods.isPending) {
    return <SessionLoading label="Checking your session..." data-testid="community-loading" />;
  }

  return (
    <AuthCard
      icon={Swords}
      title="Welcome to Guildhall"
      subtitle="Sign in to reach your guild"
      data-testid="sign-in-page"
      footer={
        <p>
          New here? <Link to={withReturnPath(COMMUNITY_PATHS.register, from)}>Create an account</Link>
        </p>
      }
    >
      {discordError && (
        <p className="alert alert--error" role="alert" data-testid="discord-sign-in-error">
          {discordError}
        </p>
      )}
      {hasDiscord && (
        <>
          <DiscordSignInButton />
          <div className="auth-divider">
            <span>or with your email</span>
          </div>
        </>
      )}
      <EmailSignInForm returnPath={returnPath} />
    </AuthCard>
  );
}
