import { GUILD_MESSAGES, guildDataApi, MESSAGES } from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { callEndpoint, type EndpointResponse } from './endpoint';
import { guildKeys } from './guilds';
import { monitoringKeys } from './monitoring';

/** The page of a data tab's list, as its URL holds it: the page, its size, and a search where the list has one. */
export interface GuildDataPage {
  page: number;
  limit: number;
  search?: string;
}

/** The list call's query of a page (an empty search is none). */
const listQuery = ({ page, limit, search }: GuildDataPage) => ({ page, limit, search: search || undefined });

/** What DELETE /api/admin/guilds/:id/data answers. */
export type DeleteGuildDataResult = EndpointResponse<typeof guildDataApi.deleteData>;

/** One guild with its data summary (counts, storage, activity, first characters, loot). */
export function useGuildDataSummary(id: string) {
  return useQuery({
    queryKey: guildKeys.summary(id),
    queryFn: ({ signal }) => callEndpoint(guildDataApi.summary, { params: { id }, signal }),
  });
}

/** A page of the guild's characters by name, searched on the server ("View all" on the Characters tab). */
export function useGuildCharacters(id: string, list: GuildDataPage) {
  return useQuery({
    queryKey: guildKeys.characters(id, list),
    queryFn: ({ signal }) => callEndpoint(guildDataApi.characters, { params: { id }, query: listQuery(list), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the guild's raid events with attendance counts. */
export function useGuildRaidEvents(id: string, { page, limit }: GuildDataPage) {
  return useQuery({
    queryKey: guildKeys.raidEvents(id, { page, limit }),
    queryFn: ({ signal }) => callEndpoint(guildDataApi.raidEvents, { params: { id }, query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The guild's recent combat log events, or why there are none. */
export function useGuildCombatLogs(id: string) {
  return useQuery({
    queryKey: guildKeys.combatLogs(id),
    queryFn: ({ signal }) => callEndpoint(guildDataApi.combatLogs, { params: { id }, signal }),
  });
}

/** A page of the guild's Discord members, with the linked share over all of them. */
export function useGuildDiscordMembers(id: string, list: GuildDataPage) {
  return useQuery({
    queryKey: guildKeys.discordMembers(id, list),
    queryFn: ({ signal }) => callEndpoint(guildDataApi.discordMembers, { params: { id }, query: listQuery(list), signal }),
    placeholderData: keepPreviousData,
  });
}

/** The guild's loot, raids and active characters per week. */
export function useGuildAnalytics(id: string) {
  return useQuery({
    queryKey: guildKeys.analytics(id),
    queryFn: ({ signal }) => callEndpoint(guildDataApi.analytics, { params: { id }, signal }),
  });
}

/** Deletes a guild's data after the typed name; toasts 'Guild data deleted successfully'. */
export function useDeleteGuildDataMutation(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (confirmation: string) => callEndpoint(guildDataApi.deleteData, { params: { id }, body: { confirmation } }),
    onSuccess: () => {
      toast.success(GUILD_MESSAGES.dataDeleted);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: guildKeys.data(id) }),
        queryClient.invalidateQueries({ queryKey: guildKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: monitoringKeys.guildStats() }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.deleteGuildDataFailed)),
  });
}
