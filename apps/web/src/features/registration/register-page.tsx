import { COMMUNITY_MESSAGES, COMMUNITY_PATHS, MESSAGES, returnPathSchema, SYSTEM_SETTING_MESSAGES } from '@guildhall/contract';
import { Lock, MailCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useRegisterMutation } from '../../api/community-account';
import { usePlatformStatus } from '../../api/system-settings';
import { safeCommunityReturn, withReturnPath } from '../../community-auth/community-paths';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { AuthCard } from '../../ui/auth-card';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { RegisterForm, type RegisterValues } from './register-form';

/**
 * /register (spec 1 §4 Registration): when the server requires verification the user is told to check their
 * e-mail and is not signed in; otherwise the user is signed in at once.
 */
export function RegisterPage() {
  useDocumentTitle('Create account', 'community');
  const { status, signIn } = useCommunitySession();
  const register = useRegisterMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useLiveSearchParams();
  const from = searchParams.get('from');
  const [sentTo, setSentTo] = useState<string | null>(null);
  // An operator may close sign-up at run time (System Settings); the server refuses it either way.
  const platform = usePlatformStatus();

  function handleSubmit(values: RegisterValues) {
    // The page the user came for rides along in the verification link, when it is one the server takes.
    const returnPath = returnPathSchema.safeParse(safeCommunityReturn(from));
    const body =
      returnPath.success && returnPath.data !== COMMUNITY_PATHS.home ? { ...values, returnPath: returnPath.data } : values;
    register.mutate(body, {
      onSuccess: (answer) => {
        const { accessToken, refreshToken, user } = answer;
        if (answer.requiresEmailVerification || !accessToken || !refreshToken || !user) {
          toast.success(MESSAGES.registrationCheckEmail);
          setSentTo(values.email);
          return;
        }
        signIn({ accessToken, refreshToken, user }, false);
        toast.success(answer.message || COMMUNITY_MESSAGES.registrationSignedIn);
        navigate(safeCommunityReturn(from), { replace: true });
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.registrationFailed)),
    });
  }

  if (status === 'signed-in' && !register.isSuccess) return <Navigate to={safeCommunityReturn(from)} replace />;

  const signInLink = <Link to={withReturnPath(COMMUNITY_PATHS.login, from)}>Sign in</Link>;

  if (sentTo) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Check your email"
        data-testid="registration-check-email"
        footer={<p>Verified already? {signInLink}</p>}
      >
        <p className="auth-card__text">
          We sent a verification link to <strong>{sentTo}</strong>. Follow it to activate your account, then sign in.
        </p>
      </AuthCard>
    );
  }

  if (platform.data?.registrationOpen === false) {
    return (
      <AuthCard
        icon={Lock}
        title={SYSTEM_SETTING_MESSAGES.registrationClosed}
        data-testid="registration-closed"
        footer={<p>Have an account? {signInLink}</p>}
      >
        <p className="auth-card__text">New accounts cannot be created right now. Please try again later.</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={UserPlus}
      title="Create your account"
      subtitle="Join your guild on Guildhall"
      data-testid="register-page"
      footer={<p>Already have an account? {signInLink}</p>}
    >
      <RegisterForm
        isSubmitting={register.isPending}
        serverErrors={register.error ? fieldErrorsFromError(register.error) : {}}
        onSubmit={handleSubmit}
      />
    </AuthCard>
  );
}
