import { GUILD_GRANT_MESSAGES, type guildGrantListQuery, guildGrantsApi } from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { callEndpoint, type EndpointBody } from './endpoint';

/** The guild grants list's filters and page, all filled in. */
export type GuildGrantFilters = z.infer<typeof guildGrantListQuery>;
/** What a grant sends. */
export type GrantBody = EndpointBody<typeof guildGrantsApi.create>;

/** Query keys of community permissions per guild: grants, the user picker, Discord roles, members' permissions. */
export const guildGrantKeys = {
  all: ['guild-grants'] as const,
  lists: () => [...guildGrantKeys.all, 'list'] as const,
  list: (query: GuildGrantFilters) => [...guildGrantKeys.lists(), query] as const,
  users: (search: string) => [...guildGrantKeys.all, 'users', search] as const,
  guild: (guildId: string) => [...guildGrantKeys.all, 'guild', guildId] as const,
  discordRoles: (guildId: string) => [...guildGrantKeys.guild(guildId), 'discord-roles'] as const,
  member: (guildId: string, discordUserId: string) => [...guildGrantKeys.guild(guildId), 'member', discordUserId] as const,
};

/** The grants community users hold, one page; the previous page stays on screen while the next loads. */
export function useGuildGrants(query: GuildGrantFilters) {
  return useQuery({
    queryKey: guildGrantKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(guildGrantsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Community users matching part of a username, e-mail or Discord id; nothing asked for an empty search. */
export function useGrantUserOptions(search: string) {
  return useQuery({
    queryKey: guildGrantKeys.users(search),
    queryFn: ({ signal }) => callEndpoint(guildGrantsApi.users, { query: { search }, signal }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A guild's Discord roles with what each grants; nothing while no guild is chosen. No retry: a 503 or 409 is an answer. */
export function useDiscordRoles(guildId: string | null) {
  return useQuery({
    queryKey: guildGrantKeys.discordRoles(guildId ?? ''),
    queryFn: ({ signal }) => callEndpoint(guildGrantsApi.discordRoles, { params: { guildId: guildId ?? '' }, signal }),
    enabled: guildId !== null,
    retry: false,
  });
}

/** A member's effective permissions in a guild with their sources; nothing until both ids are known. */
export function useMemberPermissions(guildId: string | null, discordUserId: string | null) {
  return useQuery({
    queryKey: guildGrantKeys.member(guildId ?? '', discordUserId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(guildGrantsApi.memberPermissions, {
        params: { guildId: guildId ?? '', discordUserId: discordUserId ?? '' },
        signal,
      }),
    enabled: guildId !== null && discordUserId !== null,
    retry: false,
  });
}

/** Grants a user permissions in a guild; toasts 'Permissions granted'. */
export function useGrantMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: GrantBody) => callEndpoint(guildGrantsApi.create, { body }),
    onSuccess: (_result, body) => {
      toast.success(GUILD_GRANT_MESSAGES.granted);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: guildGrantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: guildGrantKeys.guild(body.guildId) }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** Revokes one granted permission; toasts 'Permission revoked'. */
export function useRevokeGrantMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id }: { id: string; guildId: string }) => callEndpoint(guildGrantsApi.remove, { params: { id } }),
    onSuccess: (_result, { guildId }) => {
      toast.success(GUILD_GRANT_MESSAGES.revoked);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: guildGrantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: guildGrantKeys.guild(guildId) }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** Sets the guild permissions a Discord role grants; toasts 'Role permissions saved'. Members' lookups are read again. */
export function useMapDiscordRoleMutation() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ guildId, roleId, permissions }: { guildId: string; roleId: string; permissions: GrantBody['permissions'] }) =>
      callEndpoint(guildGrantsApi.mapDiscordRole, { params: { guildId, roleId }, body: { permissions } }),
    onSuccess: (_result, { guildId }) => {
      toast.success(GUILD_GRANT_MESSAGES.mappingSaved);
      return queryClient.invalidateQueries({ queryKey: guildGrantKeys.guild(guildId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
