import type { FastifyInstance } from 'fastify';
import { sql } from './factories';

/** What insertGuildLoot made: the rows per kind of loot data, and the settings versions beside them. */
export interface GuildLootSet {
  counts: {
    loot_ledger_entries: number;
    loot_decay_runs: number;
    loot_wishlist_items: number;
    loot_council_items: number;
    loot_requests: number;
    loot_council_votes: number;
  };
  ruleVersions: number;
}

/**
 * The guild's loot beyond its awards, as the loot pages leave it, on a guild insertGuildData filled: two settings
 * versions, ledger entries (an award's charge, a correction naming an entry after it in key order, a week's decay), a
 * decay run, a wishlist (a member's own line and one from WoWAudit), a council item with a request and a vote by a
 * platform user (`userId`, named 'planner').
 */
export async function insertGuildLoot(app: FastifyInstance, guildId: string, userId: string): Promise<GuildLootSet> {
  const [character] = await sql<{ id: string }>(app, 'SELECT id FROM characters WHERE guild_id = $1 ORDER BY id LIMIT 1', [
    guildId,
  ]);
  const [award] = await sql<{ id: string; raid_event_id: string }>(
    app,
    'SELECT id, raid_event_id FROM loot_entries WHERE guild_id = $1 AND raid_event_id IS NOT NULL ORDER BY id LIMIT 1',
    [guildId],
  );
  const by = JSON.stringify({ type: 'user', id: userId, name: 'planner' });
  await sql(
    app,
    `INSERT INTO loot_rule_versions (guild_id, version, system, rules, note, changed_by)
     VALUES ($1, 1, 'DKP', '{"dkp": {}}', 'first', $2), ($1, 2, 'EPGP', '{"epgp": {}}', 'EPGP from now on', $2)`,
    [guildId, by],
  );
  await sql(
    app,
    `WITH later AS (INSERT INTO loot_ledger_entries (id, guild_id, ledger, character_id, kind, points, reason, raid_event_id, award_id, rules_version, recorded_by)
                    VALUES (('ffffffff-ffff-4fff-bfff-' || substr(md5(random()::text), 1, 12))::uuid, $1, 'dkp', $2, 'award', -30, 'Astral Antenna', $3, $4, 1, $5)
                    RETURNING id)
     INSERT INTO loot_ledger_entries (id, guild_id, ledger, character_id, kind, points, reason, corrects_entry_id, rules_version, recorded_by, decay_week)
     SELECT ('00000000-0000-4000-8000-' || substr(md5(random()::text), 1, 12))::uuid, $1, 'dkp', $2, 'correction', 12.5, 'Price was 17.50', later.id, 1, $5, NULL FROM later
     UNION ALL
     SELECT gen_random_uuid(), $1, 'dkp', $2, 'decay', -1.25, 'Weekly decay', NULL, 1, $5, '2026-11-16'::date FROM later`,
    [guildId, character!.id, award!.raid_event_id, award!.id, by],
  );
  await sql(app, `INSERT INTO loot_decay_runs (guild_id, ledger, decay_week, entries) VALUES ($1, 'dkp', '2026-11-16', 1)`, [
    guildId,
  ]);
  await sql(
    app,
    `INSERT INTO loot_wishlist_items (guild_id, character_id, item_id, item_name, rank, note, source)
     VALUES ($1, $2, 242394, 'Eradicating Arcanocore', 1, 'BiS', 'member'),
            ($1, $2, 237541, 'Darksorrow''s Corrupted Carapace', 2, '', 'wowaudit')`,
    [guildId, character!.id],
  );
  await sql(
    app,
    `WITH item AS (INSERT INTO loot_council_items (guild_id, raid_event_id, boss, item_id, item_name, slot, item_level, award_id, opened_by)
                   VALUES ($1, $3, 'Plexus Sentinel', 242395, 'Astral Antenna', 'trinket', 684, $4, $5) RETURNING id),
          request AS (INSERT INTO loot_requests (council_item_id, character_id, user_id, response, note)
                      SELECT id, $2, $6, 'bis', 'please' FROM item RETURNING id, council_item_id)
     INSERT INTO loot_council_votes (council_item_id, voter_user_id, voter_name, request_id, reason)
     SELECT council_item_id, $6, 'planner', id, 'Best use' FROM request`,
    [guildId, character!.id, award!.raid_event_id, award!.id, by, userId],
  );
  return {
    counts: {
      loot_ledger_entries: 3,
      loot_decay_runs: 1,
      loot_wishlist_items: 2,
      loot_council_items: 1,
      loot_requests: 1,
      loot_council_votes: 1,
    },
    ruleVersions: 2,
  };
}
