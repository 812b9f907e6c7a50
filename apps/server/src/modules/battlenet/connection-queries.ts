import type { BattlenetRegion } from '../../services/battlenet/battlenet-oauth';
import type { WowCharacter } from '../../services/battlenet/wow-profile';
import type { Queryable } from '../../services/db/db';

/** A verified Battle.net connection as stored. */
export interface ConnectionRow {
  id: string;
  user_id: string;
  battlenet_id: string;
  battletag: string;
  region: BattlenetRegion;
  verified_at: Date;
  last_import_at: Date | null;
}

const CONNECTION_COLUMNS = 'bc.id, bc.user_id, bc.battlenet_id, bc.battletag, bc.region, bc.verified_at, bc.last_import_at';

/** Keeps a connect's state (its hash) for the callback, clearing the expired ones. */
export async function insertLinkState(
  db: Queryable,
  stateHash: string,
  userId: string,
  region: BattlenetRegion,
  expiresAt: Date,
) {
  await db.query('DELETE FROM battlenet_link_states WHERE expires_at < now()');
  await db.query('INSERT INTO battlenet_link_states (state_hash, user_id, region, expires_at) VALUES ($1, $2, $3, $4)', [
    stateHash,
    userId,
    region,
    expiresAt,
  ]);
}

/** Uses a state once: whom and which region it connects, or null unless it was live. */
export async function useLinkState(db: Queryable, stateHash: string) {
  const { rows } = await db.query<{ user_id: string; region: BattlenetRegion }>(
    `UPDATE battlenet_link_states SET used_at = now() WHERE state_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, region`,
    [stateHash],
  );
  return rows[0] ?? null;
}

/** The connection of a community user, if any. */
export async function selectConnectionOfUser(db: Queryable, userId: string): Promise<ConnectionRow | null> {
  const { rows } = await db.query<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM battlenet_connections bc WHERE bc.user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** The connection holding a Battle.net account, locked: the account belongs to one member. */
export async function lockConnectionOfAccount(tx: Queryable, battlenetId: string): Promise<ConnectionRow | null> {
  // Serialises two members connecting the same account at once, so only one finds it free.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`battlenet_connections:${battlenetId}`]);
  const { rows } = await tx.query<ConnectionRow>(
    `SELECT ${CONNECTION_COLUMNS} FROM battlenet_connections bc WHERE bc.battlenet_id = $1 FOR UPDATE`,
    [battlenetId],
  );
  return rows[0] ?? null;
}

/** Stores the member's connection, replacing the account it held before (a member connects one). */
export async function upsertConnection(
  tx: Queryable,
  connection: { userId: string; battlenetId: string; battletag: string; region: BattlenetRegion },
): Promise<ConnectionRow> {
  const { rows } = await tx.query<ConnectionRow>(
    `INSERT INTO battlenet_connections AS bc (user_id, battlenet_id, battletag, region, last_import_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (user_id) DO UPDATE SET battlenet_id = excluded.battlenet_id, battletag = excluded.battletag,
       region = excluded.region, verified_at = now(), last_import_at = now()
     RETURNING ${CONNECTION_COLUMNS}`,
    [connection.userId, connection.battlenetId, connection.battletag, connection.region],
  );
  return rows[0]!;
}

/** Replaces the connection's characters with the profile's: updated in place, the ones gone removed. */
export async function replaceCharacters(tx: Queryable, connectionId: string, characters: readonly WowCharacter[]) {
  await tx.query(
    `DELETE FROM battlenet_characters bch
      WHERE bch.connection_id = $1
        AND NOT EXISTS (SELECT 1 FROM unnest($2::text[], $3::text[]) AS p(slug, name)
                         WHERE p.slug = bch.realm_slug AND p.name = bch.name)`,
    [connectionId, characters.map((c) => c.realmSlug), characters.map((c) => c.name)],
  );
  if (characters.length === 0) return;
  await tx.query(
    `INSERT INTO battlenet_characters (connection_id, realm_slug, realm_name, name, class, race, level, faction, guild_name)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[], $9::text[])
     ON CONFLICT (connection_id, realm_slug, name) DO UPDATE SET realm_name = excluded.realm_name, class = excluded.class,
       race = excluded.race, level = excluded.level, faction = excluded.faction, guild_name = excluded.guild_name,
       imported_at = now()`,
    [
      connectionId,
      characters.map((c) => c.realmSlug),
      characters.map((c) => c.realmName),
      characters.map((c) => c.name),
      characters.map((c) => c.className),
      characters.map((c) => c.raceName),
      characters.map((c) => c.level),
      characters.map((c) => c.faction),
      characters.map((c) => c.guildName),
    ],
  );
}

/** An imported character. */
export interface ImportedCharacterRow {
  id: string;
  name: string;
  realm_slug: string;
  realm_name: string;
  class: string | null;
  race: string | null;
  level: number | null;
}

/** The connection's characters, highest level first. */
export async function selectImportedCharacters(db: Queryable, connectionId: string): Promise<ImportedCharacterRow[]> {
  const { rows } = await db.query<ImportedCharacterRow>(
    `SELECT id, name, realm_slug, realm_name, class, race, level FROM battlenet_characters
      WHERE connection_id = $1 ORDER BY level DESC NULLS LAST, lower(name), id`,
    [connectionId],
  );
  return rows;
}

/** The roster characters the member's claims hold now: the claim recorded and the link still a claim to them. */
export async function selectCurrentClaims(db: Queryable, connectionId: string) {
  const { rows } = await db.query<{ character_id: string; name: string; realm: string; guild_id: string; guild_name: string }>(
    `SELECT DISTINCT c.id AS character_id, c.name, c.realm, g.id AS guild_id, g.guild_name
       FROM battlenet_characters bch
       JOIN battlenet_claims cl ON cl.battlenet_character_id = bch.id
       JOIN characters c ON c.id = cl.character_id
       JOIN guilds g ON g.id = c.guild_id
       JOIN character_links l ON l.character_id = c.id AND l.link_type = 'claim'
       JOIN discord_members m ON m.id = l.discord_member_id
       JOIN battlenet_connections bc ON bc.id = bch.connection_id
       JOIN users u ON u.id = bc.user_id AND u.discord_id = m.discord_user_id
      WHERE bch.connection_id = $1
      ORDER BY g.guild_name, c.name`,
    [connectionId],
  );
  return rows;
}

/** Removes a member's connection with its characters and claims; the removed row, or null when there was none. */
export async function deleteConnectionOfUser(tx: Queryable, userId: string): Promise<ConnectionRow | null> {
  const { rows } = await tx.query<ConnectionRow>(
    `DELETE FROM battlenet_connections bc WHERE bc.user_id = $1 RETURNING ${CONNECTION_COLUMNS}`,
    [userId],
  );
  return rows[0] ?? null;
}
