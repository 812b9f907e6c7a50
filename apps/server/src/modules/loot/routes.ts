import { LOOT_MANAGE_PERMISSION, LOOT_MESSAGES, type LootChangeKind, lootApi } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildMemberOf, holdsGuildPermission } from '../../auth/guild-member';
import { requireGuild } from '../../auth/require-guild';
import { AppError } from '../../core/app-error';
import { contractRoute } from '../../http/contract-route';
import { correctStanding } from './correct-standing';
import { creditRaid } from './credit-raid';
import { lootDecayJob } from './decay-job';
import { decideCouncil } from './decide-council';
import { applyImportAwards, previewImportAwards } from './import-awards';
import { listLootLog } from './list-loot-log';
import { listSettingsVersions } from './list-settings-versions';
import { listStandings } from './list-standings';
import { type LootDeps, lootDepsOf } from './loot-deps';
import type { LootMember } from './loot-member';
import { openCouncil } from './open-council';
import { readCharacterLoot } from './read-character-loot';
import { readLootSettings } from './read-loot-settings';
import { readPriorityBoard } from './read-priority-board';
import { readRaidLoot } from './read-raid-loot';
import { recordAward } from './record-award';
import { requestItem } from './request-item';
import { saveLootSettings } from './save-loot-settings';
import { saveWishlist } from './save-wishlist';
import { searchItems } from './search-items';
import { voteCouncil } from './vote-council';

const TAG = 'Loot';

const memberOf = (request: FastifyRequest): LootMember => guildMemberOf(request);
const canManage = (request: FastifyRequest) => holdsGuildPermission(request, LOOT_MANAGE_PERMISSION);

/** What every member with guild.view does: read the loot pages, keep their wishlists, ask the council for an item. */
const memberLootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));
  const deps = lootDepsOf(app);

  app.route({
    ...contractRoute(lootApi.settings, TAG),
    handler: async (request) => ({ success: true as const, settings: await readLootSettings(deps.db, memberOf(request)) }),
  });
  app.route({
    ...contractRoute(lootApi.settingsVersions, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await listSettingsVersions(deps.db, memberOf(request), request.query.page)),
    }),
  });
  app.route({
    ...contractRoute(lootApi.items, TAG),
    handler: async (request) => ({
      success: true as const,
      items: await searchItems(deps.db, memberOf(request), request.query.search),
    }),
  });
  app.route({
    ...contractRoute(lootApi.standings, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await listStandings(deps.db, memberOf(request), request.query.page)),
    }),
  });
  app.route({
    ...contractRoute(lootApi.character, TAG),
    handler: async (request) => ({
      success: true as const,
      loot: await readCharacterLoot(deps.db, memberOf(request), request.params.characterId, request.query.page),
    }),
  });
  app.route({
    ...contractRoute(lootApi.saveWishlist, TAG),
    handler: async (request) => ({
      success: true as const,
      message: LOOT_MESSAGES.wishlistSaved,
      wishlist: await saveWishlist(deps.db, memberOf(request), request.params.characterId, request.body),
    }),
  });
  app.route({
    ...contractRoute(lootApi.log, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await listLootLog(deps.db, memberOf(request), request.query.page)),
    }),
  });
  app.route({
    ...contractRoute(lootApi.priority, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await readPriorityBoard(deps.db, memberOf(request), request.params.itemId)),
    }),
  });
  app.route({
    ...contractRoute(lootApi.raid, TAG),
    handler: async (request) => ({
      success: true as const,
      loot: await readRaidLoot(deps.db, memberOf(request), request.params.raidId),
      canManage: canManage(request),
    }),
  });
  app.route({
    ...contractRoute(lootApi.request, TAG),
    handler: async (request) => ({
      success: true as const,
      message: LOOT_MESSAGES.requestSaved,
      item: await requestItem(deps.db, memberOf(request), request.params.councilItemId, request.body),
    }),
  });
};

/** Refuses a member without loot.manage with the loot screens' own words, after the guild guard. */
async function requireLootManage(request: FastifyRequest) {
  if (!canManage(request)) throw new AppError('FORBIDDEN', LOOT_MESSAGES.noPermission);
}

/** Tells the guild's open loot pages what an officer changed, once it is committed. */
const tellGuild = (deps: LootDeps, request: FastifyRequest, change: LootChangeKind, raidId: string | null = null) => {
  const { guildId, discordGuildId } = memberOf(request);
  deps.bus.publish({ type: 'loot.changed', loot: { guildId, discordGuildId, change, raidId } });
};

/**
 * What officers with loot.manage do: awards (one by one or from an import), raid credits, corrections, the council,
 * the settings; each change is told to the guild's open loot pages.
 */
const officerLootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));
  app.addHook('onRequest', requireLootManage);
  const deps = lootDepsOf(app);

  app.route({
    ...contractRoute(lootApi.saveSettings, TAG),
    handler: async (request) => {
      const settings = await saveLootSettings(deps, memberOf(request), request.body);
      tellGuild(deps, request, 'settings');
      return { success: true as const, message: LOOT_MESSAGES.rulesSaved, settings };
    },
  });
  app.route({
    ...contractRoute(lootApi.recordAward, TAG),
    handler: async (request) => {
      const award = await recordAward(deps, memberOf(request), request.body);
      tellGuild(deps, request, 'award', award.raid?.id ?? null);
      return { success: true as const, message: LOOT_MESSAGES.awardRecorded, award };
    },
  });
  app.route({
    ...contractRoute(lootApi.previewImport, TAG),
    handler: async (request) => ({
      success: true as const,
      plan: await previewImportAwards(deps, memberOf(request), request.params.raidId),
    }),
  });
  app.route({
    ...contractRoute(lootApi.applyImport, TAG),
    handler: async (request) => {
      const { awarded, plan } = await applyImportAwards(deps, memberOf(request), request.params.raidId);
      if (awarded > 0) tellGuild(deps, request, 'award', request.params.raidId);
      return { success: true as const, message: LOOT_MESSAGES.importAwarded(awarded), awarded, plan };
    },
  });
  app.route({
    ...contractRoute(lootApi.creditRaid, TAG),
    handler: async (request) => {
      const credited = await creditRaid(deps, memberOf(request), request.params.raidId, request.body);
      tellGuild(deps, request, 'credit', request.params.raidId);
      return { success: true as const, message: LOOT_MESSAGES.raidCredited(credited), credited };
    },
  });
  app.route({
    ...contractRoute(lootApi.correct, TAG),
    handler: async (request) => {
      const entry = await correctStanding(deps, memberOf(request), request.body);
      tellGuild(deps, request, 'correction');
      return { success: true as const, message: LOOT_MESSAGES.correctionRecorded, entry };
    },
  });
  app.route({
    ...contractRoute(lootApi.openCouncil, TAG),
    handler: async (request) => {
      const item = await openCouncil(deps, memberOf(request), request.body);
      tellGuild(deps, request, 'council', item.raidId);
      return { success: true as const, message: LOOT_MESSAGES.councilOpened, item };
    },
  });
  app.route({
    ...contractRoute(lootApi.vote, TAG),
    handler: async (request) => {
      const item = await voteCouncil(deps, memberOf(request), request.params.councilItemId, request.body);
      tellGuild(deps, request, 'council', item.raidId);
      return { success: true as const, message: LOOT_MESSAGES.voteSaved, item };
    },
  });
  app.route({
    ...contractRoute(lootApi.decide, TAG),
    handler: async (request) => {
      const item = await decideCouncil(deps, memberOf(request), request.params.councilItemId, request.body);
      tellGuild(deps, request, 'council', item.raidId);
      return { success: true as const, message: LOOT_MESSAGES.awardRecorded, item };
    },
  });
};

/** Loot of the selected guild: the pages for its members, the records for its officers, and the weekly decay job. */
export const lootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(lootDecayJob(lootDepsOf(app)));
  await app.register(memberLootRoutes);
  await app.register(officerLootRoutes);
};
