import { COMMUNITY_PATHS, GUILD_INVITE_MESSAGES, type InvitePreview, invitePath } from '@guildhall/contract';
import { ArrowRight, LogIn, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error';
import { fetchGuildList } from '../../api/community-auth';
import { useSelectGuildMutation } from '../../api/community-guilds';
import { useAcceptInviteMutation, useInvitePreview } from '../../api/guild-invites';
import { withReturnPath } from '../../community-auth/community-paths';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { ResendVerificationButton } from '../../community-auth/resend-verification-button';
import { useErrorToast } from '../../community-auth/use-error-toast';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { JoinCard, JoinCardInvalid } from './join-card';
import '../../styles/invites.css';

/**
 * /join/:code: the guild an invite link leads to. Signed out, sign in or register and come back here (the code
 * rides along, through e-mail verification too); signed in, 'Join {guild}' selects it and opens the guild.
 */
export function JoinPage() {
  const { code = '' } = useParams();
  const preview = useInvitePreview(code);
  useDocumentTitle(preview.data ? `Join ${preview.data.invite.guildName}` : 'Join a guild', 'community');

  if (preview.isPending) {
    return (
      <JoinCard>
        <div className="auth-card__center">
          <Spinner label="Opening your invite..." />
        </div>
      </JoinCard>
    );
  }
  if (preview.isError) {
    return <JoinCardInvalid message={errorMessage(preview.error, GUILD_INVITE_MESSAGES.notFound)} />;
  }
  return <JoinInvite code={code} invite={preview.data.invite} refusal={preview.data.message} />;
}

interface JoinInviteProps {
  code: string;
  invite: InvitePreview;
  /** Why the link cannot be used, when it cannot. */
  refusal: string | null;
}

function JoinInvite({ code, invite, refusal }: JoinInviteProps) {
  const { status, user, guildStatus, guildState, applyGuildList, logout } = useCommunitySession();
  const accept = useAcceptInviteMutation(code);
  const select = useSelectGuildMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useErrorToast();
  const here = invitePath(code);
  const name = invite.guildName;
  const isMember = guildState?.guilds.some((guild) => guild.id === invite.guildId) ?? false;
  const isAvailable = guildState?.availableGuilds.some((guild) => guild.id === invite.guildId) ?? false;

  async function enterGuild() {
    // The server selected the guild: take in the fresh list so the selection rules see it, then open it.
    await applyGuildList(await fetchGuildList());
    navigate(COMMUNITY_PATHS.home, { replace: true });
  }

  function handleJoin() {
    accept.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        enterGuild().catch((error: unknown) => showError(error));
      },
      onError: (error) => {
        // Joined meanwhile (another tab): the guild list shows it and the page offers to open it.
        if (error instanceof ApiError && error.status === 409) fetchGuildList().then(applyGuildList, () => undefined);
        showError(error, GUILD_INVITE_MESSAGES.joinFailed);
      },
    });
  }

  function handleOpen() {
    // Offered only for an available guild, which has a Discord server.
    if (invite.guildId === null) return;
    select.mutate({ id: invite.guildId }, { onSuccess: () => navigate(COMMUNITY_PATHS.home, { replace: true }) });
  }

  const signedInAs = user && (
    <p className="join-card__who" data-testid="join-signed-in-as">
      Signed in as <strong>{user.globalName ?? user.username}</strong>.{' '}
      <button type="button" className="link-button" onClick={() => void logout()}>
        Not you? Sign out
      </button>
    </p>
  );

  let body: ReactNode;
  // While the user's guilds load, whether they already have this one is not known yet.
  if (status === 'loading' || (status === 'signed-in' && guildStatus === 'loading')) {
    body = (
      <div className="auth-card__center">
        <Spinner label="Checking your session..." />
      </div>
    );
  } else if (status === 'signed-in' && user && isMember) {
    body = (
      <>
        <p className="alert alert--info" data-testid="join-already-member">
          You are already a member of {name}.
        </p>
        {isAvailable && (
          <button type="button" className="button button--primary button--block" onClick={handleOpen} disabled={select.isPending}>
            Open {name} <ArrowRight size={16} aria-hidden="true" />
          </button>
        )}
        {signedInAs}
      </>
    );
  } else if (refusal) {
    body = (
      <>
        <p className="alert alert--error" role="alert" data-testid="join-unusable">
          {refusal}
        </p>
        <Link className="button button--secondary button--block" to={COMMUNITY_PATHS.home}>
          Go to Guildhall
        </Link>
      </>
    );
  } else if (status !== 'signed-in' || !user) {
    body = (
      <>
        <p className="auth-card__text">Create an account or sign in, and you will come back here to join {name}.</p>
        <div className="join-card__actions">
          <Link className="button button--primary button--block" to={withReturnPath(COMMUNITY_PATHS.register, here)}>
            <UserPlus size={16} aria-hidden="true" /> Create an account
          </Link>
          <Link className="button button--secondary button--block" to={withReturnPath(COMMUNITY_PATHS.login, here)}>
            <LogIn size={16} aria-hidden="true" /> Sign in
          </Link>
        </div>
      </>
    );
  } else if (!user.hasBasicAccess) {
    body = (
      <>
        <p className="auth-card__text">
          Verify your email first: open the link we sent to <strong>{user.email}</strong>, then come back to this page.
        </p>
        <ResendVerificationButton />
        {signedInAs}
      </>
    );
  } else {
    body = (
      <>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={handleJoin}
          disabled={accept.isPending || accept.isSuccess}
          data-testid="join-button"
        >
          {accept.isPending || accept.isSuccess ? 'Joining...' : `Join ${name}`}
        </button>
        {signedInAs}
      </>
    );
  }

  return (
    <JoinCard invite={invite}>
      {!refusal && (
        <p className="join-card__facts">
          {invite.usesLeft === 1 ? '1 use left' : `${invite.usesLeft} uses left`} · expires{' '}
          <time dateTime={invite.expiresAt} title={formatDateTime(invite.expiresAt)}>
            {formatRelative(invite.expiresAt)}
          </time>
        </p>
      )}
      {body}
    </JoinCard>
  );
}
