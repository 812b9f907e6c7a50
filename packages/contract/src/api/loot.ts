import { z } from 'zod';
import { GUILD_HEADER } from '../community-constants';
import { amountField, LEDGER_ENTRY_KINDS, LOOT_LIMITS, LOOT_MESSAGES, LOOT_RESPONSES, lootRulesSchema } from '../loot';
import { LOOT_SLOTS } from '../loot-points';
import { endpoint } from './common';
import { LOOT_SYSTEMS } from './guilds';

const ok = z.literal(true);
const amount = z.string().describe('Exact amount, two decimals');
const reason = z.string().trim().min(1, LOOT_MESSAGES.reasonRequired).max(LOOT_LIMITS.reasonLength);
const note = z.string().trim().max(LOOT_LIMITS.noteLength).default('');
const itemId = z
  .number({ error: LOOT_MESSAGES.itemRequired })
  .int(LOOT_MESSAGES.itemRequired)
  .positive(LOOT_MESSAGES.itemRequired);
const page = z.coerce.number().int().min(1).default(1);

/** A character as loot screens name it. */
export const lootCharacter = z.object({ id: z.string(), name: z.string(), class: z.string() });

/** The guild's loot system and its values in force, numbered; whether wishlists are locked now. */
export const lootSettings = z.object({
  system: z.enum(LOOT_SYSTEMS),
  ledger: z.enum(['dkp', 'epgp']).nullable().describe('The ledger the system keeps; null for the systems without one'),
  version: z.number().describe('0 while the guild runs on the defaults'),
  rules: lootRulesSchema,
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  isWishlistLocked: z.boolean(),
  canManage: z.boolean().describe('Whether the caller holds loot.manage'),
});
/** The loot settings. */
export type LootSettings = z.infer<typeof lootSettings>;

/** An item of the catalog or of the guild's imported loot. */
export const lootItem = z.object({
  itemId: z.number(),
  name: z.string(),
  slot: z.enum(LOOT_SLOTS).nullable(),
  itemLevel: z.number().nullable(),
  boss: z.string().nullable(),
});
/** An item. */
export type LootItem = z.infer<typeof lootItem>;

/** An award as members read it: who got what, where, with the response and the officer's note. */
export const lootAward = z.object({
  id: z.string(),
  character: lootCharacter.nullable(),
  characterName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  boss: z.string().nullable(),
  raid: z.object({ id: z.string(), name: z.string(), startsAt: z.string() }).nullable(),
  response: z.string().nullable(),
  note: z.string().nullable(),
  slot: z.string().nullable(),
  itemLevel: z.number().nullable(),
  cost: z.object({ points: amount, gp: amount }).nullable().describe('What the ledger charged for it'),
  recordedBy: z.string().nullable(),
  awardedAt: z.string(),
});
/** An award. */
export type LootAward = z.infer<typeof lootAward>;

/** One entry of a character's ledger. */
export const ledgerEntry = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  points: amount,
  ep: amount,
  gp: amount,
  reason: z.string(),
  correctsEntryId: z.string().nullable(),
  recordedBy: z.string().nullable(),
  at: z.string(),
});
/** A ledger entry. */
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** A character's standing: DKP points, or EP, GP (with the base) and priority. */
export const lootStanding = z.object({
  points: amount,
  ep: amount,
  gp: amount,
  priority: z.string().describe('EP / GP with four decimals'),
});
/** A standing. */
export type LootStanding = z.infer<typeof lootStanding>;

/** One line of the standings table. */
export const standingRow = lootStanding.extend({
  character: lootCharacter,
  entries: z.number(),
  lastAwardAt: z.string().nullable(),
});
/** A standings line. */
export type StandingRow = z.infer<typeof standingRow>;

/** One wishlist line. */
export const wishlistItem = z.object({ itemId: z.number(), itemName: z.string(), rank: z.number(), note: z.string() });
/** A wishlist line. */
export type WishlistItem = z.infer<typeof wishlistItem>;

/** A request a member made before the council, and how it ended. */
export const lootRequest = z.object({
  id: z.string(),
  councilItemId: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  raidName: z.string(),
  response: z.enum(LOOT_RESPONSES),
  note: z.string(),
  outcome: z.enum(['open', 'won', 'lost']),
  awardedTo: z.string().nullable(),
  awardNote: z.string().nullable(),
  at: z.string(),
});
/** A request. */
export type LootRequest = z.infer<typeof lootRequest>;

/** A character's loot page: wishlist, requests and outcomes, awards received, standing and its history. */
export const characterLoot = z.object({
  character: lootCharacter,
  isOwn: z.boolean(),
  wishlist: z.array(wishlistItem),
  requests: z.array(lootRequest),
  received: z.array(lootAward),
  standing: lootStanding.nullable().describe('Null when the system keeps no ledger'),
  history: z.array(ledgerEntry).describe(`The newest ${LOOT_LIMITS.pageSize} entries of the page asked`),
  historyTotal: z.number(),
});
/** A character's loot page. */
export type CharacterLoot = z.infer<typeof characterLoot>;

/** One line of the loot log: an award or a ledger change, with who recorded it. */
export const lootLogEntry = z.object({
  id: z.string(),
  type: z.enum(['award', ...LEDGER_ENTRY_KINDS]),
  characterName: z.string(),
  itemName: z.string().nullable(),
  points: amount,
  ep: amount,
  gp: amount,
  text: z.string().describe("The award's note or response, or the entry's reason"),
  recordedBy: z.string().nullable(),
  at: z.string(),
});
/** A loot log line. */
export type LootLogEntry = z.infer<typeof lootLogEntry>;

/** A line of the priority board: who wants the item, their standing, their last upgrade. */
export const priorityRow = z.object({
  character: lootCharacter,
  rank: z.number(),
  note: z.string(),
  standing: lootStanding.nullable(),
  lastUpgradeAt: z.string().nullable(),
  lastUpgradeItem: z.string().nullable(),
  weighting: z
    .object({
      attended: z.number(),
      raids: z.number().describe("The guild's raids with attendance in the window"),
      attendanceRate: amount.describe('Percent, two decimals'),
      recentUpgrades: z.number(),
      score: amount.describe('Attendance points × rate − penalty × upgrades'),
    })
    .describe("The guild's weighting of attendance and recent upgrades over its window"),
});
/** A priority board line. */
export type PriorityRow = z.infer<typeof priorityRow>;

/** A request before the council, with the votes for it (the votes only for loot.manage). */
export const councilRequest = z.object({
  id: z.string(),
  character: lootCharacter,
  response: z.enum(LOOT_RESPONSES),
  note: z.string(),
  votes: z.array(z.object({ voter: z.string(), reason: z.string() })),
});
/** A council request. */
export type CouncilRequest = z.infer<typeof councilRequest>;

/** An item before the loot council. */
export const councilItem = z.object({
  id: z.string(),
  raidId: z.string(),
  boss: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  slot: z.enum(LOOT_SLOTS),
  itemLevel: z.number(),
  dropNumber: z.number(),
  requests: z.array(councilRequest),
  myVoteRequestId: z.string().nullable(),
  award: lootAward.nullable(),
});
/** A council item. */
export type CouncilItem = z.infer<typeof councilItem>;

/** A raid as the loot screens see it: who was in it, what dropped and to whom, whether it is credited. */
export const raidLoot = z.object({
  raid: z.object({ id: z.string(), name: z.string(), instance: z.string(), startsAt: z.string() }),
  roster: z.array(lootCharacter.extend({ presence: z.enum(['on_time', 'late', 'bench']) })),
  awards: z.array(lootAward),
  councilItems: z.array(councilItem),
  isCredited: z.boolean(),
});
/** A raid's loot. */
export type RaidLoot = z.infer<typeof raidLoot>;

/** One version of the guild's loot settings, as members read the history. */
export const lootSettingsVersion = z.object({
  version: z.number(),
  system: z.enum(LOOT_SYSTEMS),
  rules: lootRulesSchema,
  note: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
/** A loot settings version. */
export type LootSettingsVersion = z.infer<typeof lootSettingsVersion>;

/** How a line of an RCLootCouncil import fares as an award of the raid. */
export const LOOT_IMPORT_STATUSES = ['new', 'awarded', 'refused'] as const;

/** A line of an import as a raid's award: new (applying records it), already awarded, or refused with a reason. */
export const lootImportLine = z.object({
  entryId: z.string(),
  characterName: z.string(),
  characterId: z.string().nullable(),
  itemId: z.number(),
  itemName: z.string(),
  boss: z.string().nullable(),
  response: z.string().nullable(),
  awardedAt: z.string(),
  dropNumber: z.number().nullable(),
  charge: z.object({ points: amount, gp: amount }).nullable().describe("What it will cost, as an award's cost reads"),
  status: z.enum(LOOT_IMPORT_STATUSES),
  reason: z.string().nullable(),
});
/** An import line. */
export type LootImportLine = z.infer<typeof lootImportLine>;

/** What applying a raid's imported loot would do. */
export const lootImportPlan = z.object({
  raid: z.object({ id: z.string(), name: z.string() }),
  lines: z.array(lootImportLine),
  counts: z.object({ new: z.number(), awarded: z.number(), refused: z.number() }),
});
/** A raid's import plan. */
export type LootImportPlan = z.infer<typeof lootImportPlan>;

/** An award as an officer records it. */
export const recordAwardBody = z.object({
  raidId: z.uuid({ error: LOOT_MESSAGES.raidNotFound }),
  characterId: z.uuid({ error: LOOT_MESSAGES.characterNotFound }),
  itemId,
  itemName: z.string().trim().min(1).max(120).optional().describe('From the catalog when left out'),
  boss: z.string().trim().min(1).max(80),
  slot: z.enum(LOOT_SLOTS).optional(),
  itemLevel: z
    .number({ error: LOOT_MESSAGES.itemLevel })
    .int(LOOT_MESSAGES.itemLevel)
    .min(1, LOOT_MESSAGES.itemLevel)
    .max(2000, LOOT_MESSAGES.itemLevel)
    .optional(),
  dropNumber: z.number().int().min(1).max(LOOT_LIMITS.maxDropNumber).default(1),
  response: z.enum(LOOT_RESPONSES).default('upgrade'),
  note: note,
  bid: amountField.optional(),
});
/** An award as the form sends it. */
export type RecordAwardInput = z.input<typeof recordAwardBody>;

/** A correction: a new ledger entry with its reason, pointing at the entry it corrects when it corrects one. */
export const correctionBody = z.object({
  characterId: z.uuid({ error: LOOT_MESSAGES.characterNotFound }),
  points: amountField.default('0'),
  ep: amountField.default('0'),
  gp: amountField.default('0'),
  reason,
  correctsEntryId: z.uuid().optional(),
});
/** A correction as the form sends it. */
export type CorrectionInput = z.input<typeof correctionBody>;

/** A character's whole wishlist, ranked in the order given. */
export const wishlistBody = z.object({
  items: z
    .array(z.object({ itemId, note }))
    .max(LOOT_LIMITS.wishlistItems)
    .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, LOOT_MESSAGES.wishlistDuplicate),
});
/** A wishlist as the form sends it. */
export type WishlistInput = z.input<typeof wishlistBody>;

const characterParams = z.object({ characterId: z.uuid() });
const raidParams = z.object({ raidId: z.uuid() });
const councilParams = z.object({ councilItemId: z.uuid() });

/** Loot of the selected guild (X-Guild-ID): pages every member reads, and what loot.manage records. */
export const lootApi = {
  settings: endpoint({
    method: 'GET',
    path: '/api/guild/loot/settings',
    summary: `The loot system of the selected guild (${GUILD_HEADER}) and its values in force`,
    response: z.object({ success: ok, settings: lootSettings }),
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/guild/loot/settings',
    summary: 'Change the loot system or its values: a new version (loot.manage)',
    body: z.object({ system: z.enum(LOOT_SYSTEMS), rules: lootRulesSchema, note: z.string().trim().max(500).default('') }),
    response: z.object({ success: ok, message: z.string(), settings: lootSettings }),
  }),
  settingsVersions: endpoint({
    method: 'GET',
    path: '/api/guild/loot/settings/versions',
    summary: 'Every version of the loot settings, newest first, as members read the history',
    query: z.object({ page }),
    response: z.object({
      success: ok,
      versions: z.array(lootSettingsVersion),
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
    }),
  }),
  items: endpoint({
    method: 'GET',
    path: '/api/guild/loot/items',
    summary: "Items of the catalog and of the guild's loot whose name holds the search, or with this id",
    query: z.object({ search: z.string().trim().max(80).default('') }),
    response: z.object({ success: ok, items: z.array(lootItem) }),
  }),
  standings: endpoint({
    method: 'GET',
    path: '/api/guild/loot/standings',
    summary: "The guild's standings, computed from the ledger: DKP by points, EPGP by priority",
    query: z.object({ page }),
    response: z.object({
      success: ok,
      system: z.enum(LOOT_SYSTEMS),
      ledger: z.enum(['dkp', 'epgp']).nullable(),
      standings: z.array(standingRow),
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
    }),
  }),
  character: endpoint({
    method: 'GET',
    path: '/api/guild/loot/characters/:characterId',
    summary: "A character's loot page: wishlist, requests, awards received, standing and its history",
    params: characterParams,
    query: z.object({ page }),
    response: z.object({ success: ok, loot: characterLoot }),
  }),
  saveWishlist: endpoint({
    method: 'PUT',
    path: '/api/guild/loot/characters/:characterId/wishlist',
    summary: "Replace one of the caller's characters' wishlist, ranked in order, until the officers' lock",
    params: characterParams,
    body: wishlistBody,
    response: z.object({ success: ok, message: z.string(), wishlist: z.array(wishlistItem) }),
  }),
  log: endpoint({
    method: 'GET',
    path: '/api/guild/loot/log',
    summary: "The guild's loot log: every award and ledger change, newest first, with who recorded it",
    query: z.object({ page }),
    response: z.object({
      success: ok,
      entries: z.array(lootLogEntry),
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
    }),
  }),
  priority: endpoint({
    method: 'GET',
    path: '/api/guild/loot/priority/:itemId',
    summary: 'The priority board of an item: who wants it, their standing and their last upgrade',
    params: z.object({ itemId: z.coerce.number().int().positive() }),
    response: z.object({ success: ok, item: lootItem, board: z.array(priorityRow) }),
  }),
  raid: endpoint({
    method: 'GET',
    path: '/api/guild/loot/raids/:raidId',
    summary: "A raid's loot: who was in it, its awards and the items before the council",
    params: raidParams,
    response: z.object({ success: ok, loot: raidLoot, canManage: z.boolean() }),
  }),
  request: endpoint({
    method: 'PUT',
    path: '/api/guild/loot/council/:councilItemId/request',
    summary: 'Ask for an item before the council with one of the caller’s characters in the raid',
    params: councilParams,
    body: z.object({ characterId: z.uuid(), response: z.enum(LOOT_RESPONSES), note }),
    response: z.object({ success: ok, message: z.string(), item: councilItem }),
  }),
  recordAward: endpoint({
    method: 'POST',
    path: '/api/guild/loot/awards',
    summary: 'Record an award to a character who was in the raid; DKP and EPGP charge it (loot.manage)',
    body: recordAwardBody,
    response: z.object({ success: ok, message: z.string(), award: lootAward }),
  }),
  creditRaid: endpoint({
    method: 'POST',
    path: '/api/guild/loot/raids/:raidId/credit',
    summary: 'Credit a raid to the ledger: DKP or EP for everyone in it, by presence and bosses killed (loot.manage)',
    params: raidParams,
    body: z.object({ bossesKilled: z.number().int().min(0).max(LOOT_LIMITS.maxBosses) }),
    response: z.object({ success: ok, message: z.string(), credited: z.number() }),
  }),
  previewImport: endpoint({
    method: 'GET',
    path: '/api/guild/loot/raids/:raidId/import',
    summary: "The guild's RCLootCouncil lines of a raid's time as its awards: new, already awarded, refused (loot.manage)",
    params: raidParams,
    response: z.object({ success: ok, plan: lootImportPlan }),
  }),
  applyImport: endpoint({
    method: 'POST',
    path: '/api/guild/loot/raids/:raidId/import',
    summary: "Record a raid's new imported lines as awards in one transaction, charged by the system; again adds none",
    params: raidParams,
    body: z.object({}),
    response: z.object({ success: ok, message: z.string(), awarded: z.number(), plan: lootImportPlan }),
  }),
  correct: endpoint({
    method: 'POST',
    path: '/api/guild/loot/corrections',
    summary: 'Correct a standing with a new ledger entry and its reason (loot.manage)',
    body: correctionBody,
    response: z.object({ success: ok, message: z.string(), entry: ledgerEntry }),
  }),
  openCouncil: endpoint({
    method: 'POST',
    path: '/api/guild/loot/council',
    summary: 'Put a drop of a raid before the loot council (loot.manage)',
    body: z.object({
      raidId: z.uuid(),
      itemId,
      boss: z.string().trim().min(1).max(80),
      slot: z.enum(LOOT_SLOTS).optional(),
      itemLevel: z.number().int().min(1).max(2000).optional(),
      dropNumber: z.number().int().min(1).max(LOOT_LIMITS.maxDropNumber).default(1),
    }),
    response: z.object({ success: ok, message: z.string(), item: councilItem }),
  }),
  vote: endpoint({
    method: 'PUT',
    path: '/api/guild/loot/council/:councilItemId/vote',
    summary: "Vote for a request with a reason, or change the caller's vote (loot.manage)",
    params: councilParams,
    body: z.object({ requestId: z.uuid(), reason }),
    response: z.object({ success: ok, message: z.string(), item: councilItem }),
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/guild/loot/council/:councilItemId/award',
    summary: 'Award the item to a request, with the note members read (loot.manage)',
    params: councilParams,
    body: z.object({ requestId: z.uuid(), note, bid: amountField.optional() }),
    response: z.object({ success: ok, message: z.string(), item: councilItem }),
  }),
} as const;
