import type { Queryable } from '../../services/db/db';

// Items before the loot council, the members' requests for them and the council's votes with their reasons.

/** An item before the council. */
export interface CouncilItemRow {
  id: string;
  raid_event_id: string;
  boss: string;
  item_id: number;
  item_name: string;
  slot: string;
  item_level: number;
  drop_number: number;
  award_id: string | null;
}

const ITEM_COLUMNS = 'id, raid_event_id, boss, item_id, item_name, slot, item_level, drop_number, award_id';

/** One item of the guild before the council; `lock` holds it for a decision. */
export async function findCouncilItem(
  db: Queryable,
  guildId: string,
  itemId: string,
  lock = false,
): Promise<CouncilItemRow | null> {
  const { rows } = await db.query<CouncilItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM loot_council_items WHERE guild_id = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [guildId, itemId],
  );
  return rows[0] ?? null;
}

/** A raid's items before the council, in the order they were put there. */
export async function selectCouncilItems(db: Queryable, guildId: string, raidId: string): Promise<CouncilItemRow[]> {
  const { rows } = await db.query<CouncilItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM loot_council_items WHERE guild_id = $1 AND raid_event_id = $2 ORDER BY opened_at, id`,
    [guildId, raidId],
  );
  return rows;
}

/** Puts a drop before the council; null when it is there already. */
export async function insertCouncilItem(
  tx: Queryable,
  guildId: string,
  v: {
    raidId: string;
    boss: string;
    itemId: number;
    itemName: string;
    slot: string;
    itemLevel: number;
    dropNumber: number;
    openedBy: unknown;
  },
): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO loot_council_items (guild_id, raid_event_id, boss, item_id, item_name, slot, item_level, drop_number, opened_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING id`,
    [guildId, v.raidId, v.boss, v.itemId, v.itemName, v.slot, v.itemLevel, v.dropNumber, JSON.stringify(v.openedBy)],
  );
  return rows[0]?.id ?? null;
}

export async function markCouncilAwarded(tx: Queryable, councilItemId: string, awardId: string): Promise<void> {
  await tx.query('UPDATE loot_council_items SET award_id = $2, closed_at = now() WHERE id = $1', [councilItemId, awardId]);
}

/** A request with its character, and one vote for it (a request without votes has one row with voter null). */
export interface RequestVoteRow {
  council_item_id: string;
  id: string;
  character_id: string;
  name: string;
  class: string;
  response: string;
  note: string;
  voter_user_id: string | null;
  voter_name: string | null;
  reason: string | null;
}

/** The requests of these council items with their votes, in the order they came. */
export async function selectRequestsWithVotes(db: Queryable, councilItemIds: readonly string[]): Promise<RequestVoteRow[]> {
  const { rows } = await db.query<RequestVoteRow>(
    `SELECT r.council_item_id, r.id, r.character_id, c.name, c.class, r.response, r.note, v.voter_user_id,
            v.voter_name, v.reason
       FROM loot_requests r
       JOIN characters c ON c.id = r.character_id
       LEFT JOIN loot_council_votes v ON v.request_id = r.id
      WHERE r.council_item_id = ANY($1::uuid[])
      ORDER BY r.created_at, r.id, v.voted_at`,
    [councilItemIds],
  );
  return rows;
}

/** Stores a member's request for the item with a character, or changes it (one per character and item). */
export async function upsertRequest(
  tx: Queryable,
  v: { councilItemId: string; characterId: string; userId: string; response: string; note: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO loot_requests (council_item_id, character_id, user_id, response, note) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (council_item_id, character_id) DO UPDATE SET response = EXCLUDED.response, note = EXCLUDED.note`,
    [v.councilItemId, v.characterId, v.userId, v.response, v.note],
  );
}

/** A request of the council item, or null. */
export async function findRequest(
  db: Queryable,
  councilItemId: string,
  requestId: string,
): Promise<{ id: string; character_id: string } | null> {
  const { rows } = await db.query<{ id: string; character_id: string }>(
    'SELECT id, character_id FROM loot_requests WHERE council_item_id = $1 AND id = $2',
    [councilItemId, requestId],
  );
  return rows[0] ?? null;
}

/** Stores a council member's vote with their name as it is now, or changes it (one per voter and item). */
export async function upsertVote(
  tx: Queryable,
  v: { councilItemId: string; voterUserId: string; requestId: string; reason: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO loot_council_votes (council_item_id, voter_user_id, voter_name, request_id, reason)
     SELECT $1::uuid, u.id, COALESCE(u.global_name, u.username), $3::uuid, $4::text FROM users u WHERE u.id = $2::uuid
     ON CONFLICT (council_item_id, voter_user_id) DO UPDATE
       SET request_id = EXCLUDED.request_id, reason = EXCLUDED.reason, voted_at = now()`,
    [v.councilItemId, v.voterUserId, v.requestId, v.reason],
  );
}

/** A character's requests with how each ended, newest first (loot_requests_character_idx). */
export interface CharacterRequestRow {
  id: string;
  council_item_id: string;
  item_id: number;
  item_name: string;
  raid_name: string;
  response: string;
  note: string;
  created_at: Date;
  award_id: string | null;
  winner_id: string | null;
  winner_name: string | null;
  award_note: string | null;
}

export async function selectCharacterRequests(db: Queryable, characterId: string, limit: number): Promise<CharacterRequestRow[]> {
  const { rows } = await db.query<CharacterRequestRow>(
    `SELECT r.id, r.council_item_id, ci.item_id, ci.item_name, re.name AS raid_name, r.response, r.note, r.created_at,
            ci.award_id, l.character_id AS winner_id, l.character_name AS winner_name, l.note AS award_note
       FROM loot_requests r
       JOIN loot_council_items ci ON ci.id = r.council_item_id
       JOIN raid_events re ON re.id = ci.raid_event_id
       LEFT JOIN loot_entries l ON l.id = ci.award_id
      WHERE r.character_id = $1
      ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
    [characterId, limit],
  );
  return rows;
}
