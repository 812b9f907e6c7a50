import { GUILD_INVITE_MESSAGES, type GuildInvite, inviteListQuery } from '@guildhall/contract';
import { UserPlus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { z } from 'zod';
import {
  type CreatedInvite,
  type InviteListStatus,
  type InviteScope,
  type InviteSource,
  useInviteSource,
} from '../../api/guild-invites';
import { ConfirmModal } from '../../ui/confirm-modal';
import { QueryState } from '../../ui/query-state';
import { useUrlQuery } from '../../ui/use-url-query';
import { CreateInviteForm } from './create-invite-form';
import { InviteList } from './invite-list';
import { linkHint } from './invite-text';
import { NewInviteLink } from './new-invite-link';
import '../../styles/invites.css';

/**
 * The list filter lives in the URL (?invites=all), beside whatever else the page keeps there, as the list call's
 * status.
 */
const inviteUrlQuery = z.object({ invites: inviteListQuery.shape.status });

/** The list filter named in the URL: every link with 'all', the usable ones otherwise. */
function useInviteListStatus(): [InviteListStatus, (status: InviteListStatus) => void] {
  const { query, set } = useUrlQuery(inviteUrlQuery);
  const setStatus = useCallback((invites: InviteListStatus) => set({ invites }, { replace: true }), [set]);
  return [query.invites, setStatus];
}

interface InviteLinksPanelProps {
  /** The guild's links, on the admin console's side or the community app's. */
  scope: InviteScope;
  guildName: string;
  /** The frame: the admin data view's panel or the community app's card. */
  className: string;
  /** Who the links are for, under the title. */
  lead: string;
}

/** Invite links of one guild: create one (uses, expiry), copy it once, see the links, revoke with confirmation. */
export function InviteLinksPanel({ scope, guildName, className, lead }: InviteLinksPanelProps) {
  const [status, setStatus] = useInviteListStatus();
  const source = useInviteSource(scope, status);
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const [revoking, setRevoking] = useState<GuildInvite | null>(null);
  const { list } = source;
  const invites = list.data?.invites ?? [];

  function handleCreate(input: Parameters<InviteSource['create']>[0]) {
    // The source toasts a failure; the form stays as it was.
    source.create(input).then(setCreated, () => undefined);
  }

  function handleRevoke() {
    if (!revoking) return;
    const { id } = revoking;
    source.revoke(id).then(
      () => {
        setRevoking(null);
        if (created?.invite.id === id) setCreated(null);
      },
      () => setRevoking(null),
    );
  }

  return (
    <section className={`invite-panel ${className}`} aria-labelledby="invite-panel-title" data-testid="invite-links">
      <header className="invite-panel__header">
        <h3 id="invite-panel-title" className="invite-panel__title">
          <UserPlus size={18} aria-hidden="true" /> Invite links
        </h3>
        <label className="checkbox invite-panel__filter">
          <input
            type="checkbox"
            checked={status === 'all'}
            onChange={(event) => setStatus(event.target.checked ? 'all' : 'active')}
            data-testid="invite-show-all"
          />
          Show used, expired and revoked
        </label>
      </header>
      <p className="invite-panel__lead">{lead}</p>
      <CreateInviteForm isCreating={source.isCreating} onCreate={handleCreate} />
      {created && <NewInviteLink created={created} onDismiss={() => setCreated(null)} />}

      <QueryState
        query={list}
        loading="Loading invite links..."
        errorText={GUILD_INVITE_MESSAGES.loadFailed}
        isEmpty={() => invites.length === 0}
        empty={status === 'all' ? 'No invite links yet.' : 'No active invite links.'}
        testId="invite"
      >
        {() => <InviteList invites={invites} revokingId={source.revokingId} onRevoke={setRevoking} />}
      </QueryState>

      <ConfirmModal
        isOpen={revoking !== null}
        title="Revoke invite link"
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        isBusy={source.revokingId !== null}
        isDanger
        onConfirm={handleRevoke}
        onClose={() => setRevoking(null)}
        testId="revoke-invite-modal"
      >
        <p>
          Nobody will be able to join {guildName} through <code>{revoking ? linkHint(revoking) : ''}</code> any more. People who
          already joined keep their access.
        </p>
      </ConfirmModal>
    </section>
  );
}
