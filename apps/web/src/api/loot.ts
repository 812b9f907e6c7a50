import {
  type CorrectionInput,
  type LootResponse,
  type LootRules,
  type LootSystem,
  lootApi,
  type RecordAwardInput,
  type WishlistInput,
} from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { useLiveRefresh } from './community-socket';
import { callCommunityEndpoint } from './endpoint';

/** Query keys of the selected guild's loot: each names its guild, so a switch never shows another guild's loot. */
export const lootKeys = {
  all: (guildId: string) => ['community-guild', guildId, 'loot'] as const,
  settings: (guildId: string) => [...lootKeys.all(guildId), 'settings'] as const,
  standings: (guildId: string, page: number) => [...lootKeys.all(guildId), 'standings', page] as const,
  log: (guildId: string, page: number) => [...lootKeys.all(guildId), 'log', page] as const,
  character: (guildId: string, characterId: string, page: number) =>
    [...lootKeys.all(guildId), 'character', characterId, page] as const,
  raid: (guildId: string, raidId: string) => [...lootKeys.all(guildId), 'raid', raidId] as const,
  items: (guildId: string, search: string) => [...lootKeys.all(guildId), 'items', search] as const,
  priority: (guildId: string, itemId: number) => [...lootKeys.all(guildId), 'priority', itemId] as const,
  versions: (guildId: string, page: number) => [...lootKeys.all(guildId), 'versions', page] as const,
  importPlan: (guildId: string, raidId: string) => [...lootKeys.all(guildId), 'import', raidId] as const,
};

/** GET /api/guild/loot/settings/versions: a page of the settings' versions, newest first. */
export function useLootSettingsVersionsQuery(guildId: string, page: number) {
  return useQuery({
    queryKey: lootKeys.versions(guildId, page),
    queryFn: ({ signal }) => callCommunityEndpoint(lootApi.settingsVersions, { guildId, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/guild/loot/raids/:raidId/import (loot.manage): the raid's imported lines as awards, before applying. */
export function useImportPlanQuery(guildId: string, raidId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: lootKeys.importPlan(guildId, raidId),
    queryFn: ({ signal }) => callCommunityEndpoint(lootApi.previewImport, { guildId, params: { raidId }, signal }),
    enabled: isEnabled && raidId !== '',
  });
}

const LOOT_EVENTS = ['loot:changed'] as const;

/** Refreshes the guild's open loot pages when an officer records loot (awards, corrections, the council's outcomes). */
export const useLiveLoot = (guildId: string): void => useLiveRefresh(guildId, LOOT_EVENTS, lootKeys.all);

/** GET /api/guild/loot/settings: the system, its values in force and whether the caller holds loot.manage. */
export function useLootSettingsQuery(guildId: string) {
  return useQuery({
    queryKey: lootKeys.settings(guildId),
    queryFn: ({ signal }) => callCommunityEndpoint(lootApi.settings, { guildId, signal }),
  });
}

/** GET /api/guild/loot/standings: a page of standings computed from the ledger. */
export function useStandingsQuery(guildId: string, page: number) {
  return useQuery({
    queryKey: lootKeys.standings(guildId, page),
    queryFn: ({ signal }) => callCommunityEndpoint(lootApi.standings, { guildId, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/guild/loot/log: a page of the loot log. */
export function useLootLogQuery(guildId: string, page: number) {
  return useQuery({
    queryKey: lootKeys.log(guildId, page),
    queryFn: ({ signal }) => callCommunityEndpoint(lootApi.log, { guildId, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/guild/loot/characters/:characterId: a character's loot page. */
export function useCharacterLootQuery(guildId: string, characterId: string, page: number) {
  return useQuery({
    queryKey: lootKeys.character(guildId, characterId, page),
    queryFn: ({ signal }) =>
      callCommunityEndpoint(lootApi.character, { guildId, params: { characterId }, query: { page }, signal }),
    enabled: characterId !== '',
    placeholderData: keepPreviousData,
  });
}

/** GET /api/guild/loot/raids/:raidId: who was in a raid, its awards and its items before the council. */
export function useRaidLootQuery(guildId: string, raidId: string) {
  return useQuery({
    queryKey: lootKeys.raid(guildId, raidId),
    queryFn: ({ signal }) => callCommunityEndpoint(lootApi.raid, { guildId, params: { raidId }, signal }),
    enabled: raidId !== '',
  });
}

/** GET /api/guild/loot/items: items whose name holds the search, for the item pickers. */
export function useLootItemsQuery(guildId: string, search: string, isEnabled: boolean) {
  return useQuery({
    queryKey: lootKeys.items(guildId, search),
    queryFn: ({ signal }) => callCommunityEndpoint(lootApi.items, { guildId, query: { search }, signal }),
    enabled: isEnabled,
  });
}

/** GET /api/guild/loot/priority/:itemId: who wants an item, their standing and last upgrade. */
export function usePriorityBoardQuery(guildId: string, itemId: number | null) {
  return useQuery({
    queryKey: lootKeys.priority(guildId, itemId ?? 0),
    queryFn: ({ signal }) =>
      callCommunityEndpoint(lootApi.priority, { guildId, params: { itemId: String(itemId ?? 0) }, signal }),
    enabled: itemId !== null,
  });
}

/** A loot mutation: toasts the server's message and refreshes every loot query of the guild. */
function useLootMutation<Input, Answer extends { message: string }>(guildId: string, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: lootKeys.all(guildId) });
    },
  });
}

/** PUT …/wishlist: replaces one of the caller's characters' wishlists. */
export const useSaveWishlistMutation = (guildId: string) =>
  useLootMutation(guildId, ({ characterId, body }: { characterId: string; body: WishlistInput }) =>
    callCommunityEndpoint(lootApi.saveWishlist, { guildId, params: { characterId }, body }),
  );

/** POST /api/guild/loot/awards (loot.manage). */
export const useRecordAwardMutation = (guildId: string) =>
  useLootMutation(guildId, (body: RecordAwardInput) => callCommunityEndpoint(lootApi.recordAward, { guildId, body }));

/** POST …/raids/:raidId/credit (loot.manage). */
export const useCreditRaidMutation = (guildId: string) =>
  useLootMutation(guildId, ({ raidId, bossesKilled }: { raidId: string; bossesKilled: number }) =>
    callCommunityEndpoint(lootApi.creditRaid, { guildId, params: { raidId }, body: { bossesKilled } }),
  );

/** POST /api/guild/loot/corrections (loot.manage). */
export const useCorrectionMutation = (guildId: string) =>
  useLootMutation(guildId, (body: CorrectionInput) => callCommunityEndpoint(lootApi.correct, { guildId, body }));

/** POST /api/guild/loot/council (loot.manage): puts a drop before the council. */
export const useOpenCouncilMutation = (guildId: string) =>
  useLootMutation(guildId, (body: { raidId: string; itemId: number; boss: string }) =>
    callCommunityEndpoint(lootApi.openCouncil, { guildId, body }),
  );

/** PUT …/council/:id/request: a member asks for the item. */
export const useRequestItemMutation = (guildId: string) =>
  useLootMutation(
    guildId,
    ({ councilItemId, ...body }: { councilItemId: string; characterId: string; response: LootResponse; note: string }) =>
      callCommunityEndpoint(lootApi.request, { guildId, params: { councilItemId }, body }),
  );

/** PUT …/council/:id/vote (loot.manage). */
export const useVoteMutation = (guildId: string) =>
  useLootMutation(guildId, ({ councilItemId, ...body }: { councilItemId: string; requestId: string; reason: string }) =>
    callCommunityEndpoint(lootApi.vote, { guildId, params: { councilItemId }, body }),
  );

/** POST …/council/:id/award (loot.manage): the council's decision. */
export const useDecideMutation = (guildId: string) =>
  useLootMutation(guildId, ({ councilItemId, ...body }: { councilItemId: string; requestId: string; note: string }) =>
    callCommunityEndpoint(lootApi.decide, { guildId, params: { councilItemId }, body }),
  );

/** PUT /api/guild/loot/settings (loot.manage): the system and its values as a new version. */
export const useSaveLootSettingsMutation = (guildId: string) =>
  useLootMutation(guildId, (body: { system: LootSystem; rules: LootRules; note: string }) =>
    callCommunityEndpoint(lootApi.saveSettings, { guildId, body }),
  );

/** POST …/raids/:raidId/import (loot.manage): records the raid's new imported lines as awards. */
export const useApplyImportMutation = (guildId: string) =>
  useLootMutation(guildId, (raidId: string) =>
    callCommunityEndpoint(lootApi.applyImport, { guildId, params: { raidId }, body: {} }),
  );
