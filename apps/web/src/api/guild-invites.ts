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

/** Query keys of invite links: the admin console's per tenant, the community app's per Discord guild, the join page's per code. */
export const inviteKeys = {
  admin: (tenantId: string) => ['guild-invites', tenantId] as const,
  adminList: (tenantId: string, status: InviteListStatus) => [...inviteKeys.admin(tenantId), status] as const,
  guild: (guildId: string) => ['community-guild', guildId, 'invites'] as const,
  guildList: (guildId: string, status: InviteListStatus) => [...inviteKeys.guild(guildId), status] as const,
  preview: (code: string) => ['community-invite', code] as const,
};

/** Lists shown beside the form: one page of the newest links is plenty for what a guild keeps open. */
const LIST_LIMIT = 50;

/** What the invite panel needs, from the admin console or the community app alike. */
export interface InviteSource {
  list: ReturnType<typeof useAdminInviteList>;
  create: (input: CreateInviteInput) => Promise<CreatedInvite>;
  isCreating: boolean;
  revoke: (inviteId: string) => Promise<unknown>;
  revokingId: string | null;
}

function useAdminInviteList(tenantId: string, status: InviteListStatus) {
  return useQuery({
    queryKey: inviteKeys.adminList(tenantId, status),
    queryFn: ({ signal }) =>
      callEndpoint(adminGuildInvitesApi.list, { params: { id: tenantId }, query: { status, limit: LIST_LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A guild tenant's links in the admin console, with create and revoke (toasting their outcome). */
export function useAdminInviteSource(tenantId: string, status: InviteListStatus): InviteSource {
  const queryClient = useQueryClient();
  const toast = useToast();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: inviteKeys.admin(tenantId) });
  const create = useMutation({
    mutationFn: (body: CreateInviteInput) => callEndpoint(adminGuildInvitesApi.create, { params: { id: tenantId }, body }),
    // No toast: the new link's card says it was created, right where Copy is (a toast covered it, issue 29).
    onSuccess: () => invalidate(),
    onError: (error) => toast.error(errorMessage(error, GUILD_INVITE_MESSAGES.createFailed)),
  });
  const revoke = useMutation({
    mutationFn: (inviteId: string) => callEndpoint(adminGuildInvitesApi.revoke, { params: { id: tenantId, inviteId } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return invalidate();
    },
    onError: (error) => toast.error(errorMessage(error, GUILD_INVITE_MESSAGES.revokeFailed)),
  });
  return {
    list: useAdminInviteList(tenantId, status),
    create: create.mutateAsync,
    isCreating: create.isPending,
    revoke: revoke.mutateAsync,
    revokingId: revoke.isPending ? (revoke.variables ?? null) : null,
  };
}

/** The selected guild's links for its officers (X-Guild-ID), with create and revoke. */
export function useGuildInviteSource(guildId: string, status: InviteListStatus): InviteSource {
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: inviteKeys.guild(guildId) });
  const list = useQuery({
    queryKey: inviteKeys.guildList(guildId, status),
    queryFn: ({ signal }) =>
      callCommunityEndpoint(guildInvitesApi.list, { guildId, query: { status, limit: LIST_LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: (body: CreateInviteInput) => callCommunityEndpoint(guildInvitesApi.create, { guildId, body }),
    // No toast: the new link's card says it was created, right where Copy is (a toast covered it, issue 29).
    onSuccess: () => invalidate(),
    onError: (error) => showError(error, GUILD_INVITE_MESSAGES.createFailed),
  });
  const revoke = useMutation({
    mutationFn: (inviteId: string) => callCommunityEndpoint(guildInvitesApi.revoke, { guildId, params: { inviteId } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return invalidate();
    },
    onError: (error) => showError(error, GUILD_INVITE_MESSAGES.revokeFailed),
  });
  return {
    list,
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
