import type { Queryable } from '../../services/db/db';

/** A roster character in one of the guilds where the member is a current Discord member. */
export interface RosterCharacterRow {
  id: string;
  guild_id: string;
  name: string;
  realm: string;
}

/**
 * The characters of every guild the Discord user is a current member of. Names are compared after folding
 * accents in the caller (the database has no unaccent), so the member's guilds' names are read: a connect is rare
 * and a member is in few guilds.
 */
export async function selectRosterOfMember(db: Queryable, discordUserId: string): Promise<RosterCharacterRow[]> {
  const { rows } = await db.query<RosterCharacterRow>(
    `SELECT c.id, c.guild_id, c.name, c.realm FROM characters c
      WHERE c.guild_id IN (SELECT m.guild_id FROM discord_members m WHERE m.discord_user_id = $1 AND m.left_at IS NULL)`,
    [discordUserId],
  );
  return rows;
}

/** Records which roster character an imported character claimed. */
export async function insertClaim(tx: Queryable, battlenetCharacterId: string, characterId: string): Promise<void> {
  await tx.query(
    `INSERT INTO battlenet_claims (battlenet_character_id, character_id) VALUES ($1, $2)
     ON CONFLICT (battlenet_character_id, character_id) DO UPDATE SET claimed_at = now()`,
    [battlenetCharacterId, characterId],
  );
}

/** Turns the member's own link of the character into a claim, verified: confidence 1. */
export async function markLinkClaimed(tx: Queryable, linkId: string): Promise<void> {
  await tx.query("UPDATE character_links SET link_type = 'claim', confidence = 1 WHERE id = $1", [linkId]);
}
