import {
  adminGuildInvitesApi,
  type CreateInviteInput,
  GUILD_INVITE_MESSAGES,
  guildInvitesApi,
  inviteJoinApi,
} from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useErrorToast } from '../community-auth/use-error-toast';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { callCommunityEndpoint, callEndpoint, type EndpointResponse } from './endpoint';

/** Which links a list shows: the usable ones, or every one with its status. */
export type InviteListStatus = 'active' | 'all';

/** The answer of creating a link: the invite, and its code and address (shown once). */
export type CreatedInvite = EndpointResponse<typeof adminGuildInvitesApi.create>;

/**
 * Whose links: a guild tenant in the admin console (its id in the path), or the selected Discord guild of an officer
 * in the community app (X-Guild-ID). One panel serves both.
 */
export interface InviteScope {
  side: 'admin' | 'community';
  guildId: string;
}

/** Query keys of invite links: the admin console's per tenant, the community app's per Discord guild, the join page's per code. */
export const inviteKeys = {
  scope: ({ side, guildId }: InviteScope) =>
    side === 'admin' ? (['guild-invites', guildId] as const) : (['community-guild', guildId, 'invites'] as const),
  list: (scope: InviteScope, status: InviteListStatus) => [...inviteKeys.scope(scope), status] as const,
  preview: (code: string) => ['community-invite', code] as const,
};

/** Lists shown beside the form: one page of the newest links is plenty for what a guild keeps open. */
const LIST_LIMIT = 50;

/** The three calls of the panel on the scope's side. */
const inviteCalls = {
  list: ({ side, guildId }: InviteScope, status: InviteListStatus, signal: AbortSignal) => {
    const query = { status, limit: LIST_LIMIT };
    return side === 'admin'
      ? callEndpoint(adminGuildInvitesApi.list, { params: { id: guildId }, query, signal })
      : callCommunityEndpoint(guildInvitesApi.list, { guildId, query, signal });
  },
  create: ({ side, guildId }: InviteScope, body: CreateInviteInput) =>
    side === 'admin'
      ? callEndpoint(adminGuildInvitesApi.create, { params: { id: guildId }, body })
      : callCommunityEndpoint(guildInvitesApi.create, { guildId, body }),
  revoke: ({ side, guildId }: InviteScope, inviteId: string) =>
    side === 'admin'
      ? callEndpoint(adminGuildInvitesApi.revoke, { params: { id: guildId, inviteId } })
      : callCommunityEndpoint(guildInvitesApi.revoke, { guildId, params: { inviteId } }),
};

/** What the invite panel needs, from the admin console or the community app alike. */
export interface InviteSource {
  list: ReturnType<typeof useInviteList>;
  create: (input: CreateInviteInput) => Promise<CreatedInvite>;
  isCreating: boolean;
  revoke: (inviteId: string) => Promise<unknown>;
  revokingId: string | null;
}

function useInviteList(scope: InviteScope, status: InviteListStatus) {
  return useQuery({
    queryKey: inviteKeys.list(scope, status),
    queryFn: ({ signal }) => inviteCalls.list(scope, status, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A guild's links with create and revoke, toasting their outcome; the community side stays silent when the
 * session ended, which has said so already.
 */
export function useInviteSource(scope: InviteScope, status: InviteListStatus): InviteSource {
  const queryClient = useQueryClient();
  const toast = useToast();
  const showCommunityError = useErrorToast();
  const showError = (error: unknown, fallback: string) =>
    scope.side === 'admin' ? toast.error(errorMessage(error, fallback)) : showCommunityError(error, fallback);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: inviteKeys.scope(scope) });
  const create = useMutation({
    mutationFn: (body: CreateInviteInput) => inviteCalls.create(scope, body),
    // No toast: the new link's card says it was created, right where Copy is (a toast covered it, issue 29).
    onSuccess: () => invalidate(),
    onError: (error) => showError(error, GUILD_INVITE_MESSAGES.createFailed),
  });
  const revoke = useMutation({
    mutationFn: (inviteId: string) => inviteCalls.revoke(scope, inviteId),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return invalidate();
    },
    onError: (error) => showError(error, GUILD_INVITE_MESSAGES.revokeFailed),
  });
  return {
    list: useInviteList(scope, status),
    create: create.mutateAsync,
    isCreating: create.isPending,
    revoke: revoke.mutateAsync,
    revokingId: revoke.isPending ? (revoke.variables ?? null) : null,
  };
}

/** GET /api/invites/:code: the guild of a code and whether it can be used; no sign-in needed. */
export function useInvitePreview(code: string) {
  return useQuery({
    queryKey: inviteKeys.preview(code),
    queryFn: ({ signal }) =>
      callCommunityEndpoint(inviteJoinApi.read, { params: { code }, sendAccessToken: false, onUnauthorized: 'throw', signal }),
    enabled: code !== '',
    retry: false,
  });
}

/** POST /api/invites/:code/accept as the signed-in member. */
export function useAcceptInviteMutation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callCommunityEndpoint(inviteJoinApi.accept, { params: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.preview(code) }),
  });
}
