import { LOOT_MANAGE_PERMISSION, LOOT_MESSAGES, lootApi } from '@guildhall/contract';
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
import { listLootLog } from './list-loot-log';
import { listStandings } from './list-standings';
import { lootDepsOf } from './loot-deps';
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

/** What officers with loot.manage do: awards, raid credits, corrections, the council, the settings. */
const officerLootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));
  app.addHook('onRequest', requireLootManage);
  const deps = lootDepsOf(app);

  app.route({
    ...contractRoute(lootApi.saveSettings, TAG),
    handler: async (request) => ({
      success: true as const,
      message: LOOT_MESSAGES.rulesSaved,
      settings: await saveLootSettings(deps, memberOf(request), request.body),
    }),
  });
  app.route({
    ...contractRoute(lootApi.recordAward, TAG),
    handler: async (request) => ({
      success: true as const,
      message: LOOT_MESSAGES.awardRecorded,
      award: await recordAward(deps, memberOf(request), request.body),
    }),
  });
  app.route({
    ...contractRoute(lootApi.creditRaid, TAG),
    handler: async (request) => {
      const credited = await creditRaid(deps, memberOf(request), request.params.raidId, request.body);
      return { success: true as const, message: LOOT_MESSAGES.raidCredited(credited), credited };
    },
  });
  app.route({
    ...contractRoute(lootApi.correct, TAG),
    handler: async (request) => ({
      success: true as const,
      message: LOOT_MESSAGES.correctionRecorded,
      entry: await correctStanding(deps, memberOf(request), request.body),
    }),
  });
  app.route({
    ...contractRoute(lootApi.openCouncil, TAG),
    handler: async (request) => ({
      success: true as const,
      message: LOOT_MESSAGES.councilOpened,
      item: await openCouncil(deps, memberOf(request), request.body),
    }),
  });
  app.route({
    ...contractRoute(lootApi.vote, TAG),
    handler: async (request) => ({
      success: true as const,
      message: LOOT_MESSAGES.voteSaved,
      item: await voteCouncil(deps, memberOf(request), request.params.councilItemId, request.body),
    }),
  });
  app.route({
    ...contractRoute(lootApi.decide, TAG),
    handler: async (request) => ({
      success: true as const,
      message: LOOT_MESSAGES.awardRecorded,
      item: await decideCouncil(deps, memberOf(request), request.params.councilItemId, request.body),
    }),
  });
};

/** Loot of the selected guild: the pages for its members, the records for its officers, and the weekly decay job. */
export const lootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(lootDecayJob(lootDepsOf(app)));
  await app.register(memberLootRoutes);
  await app.register(officerLootRoutes);
};
