import type { BattlenetConnection } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { selectConnectionOfUser, selectCurrentClaims, selectImportedCharacters } from './connection-queries';

/** The member's connection as the settings card shows it, or null when they have none. */
export async function readConnection(db: Queryable, userId: string): Promise<BattlenetConnection | null> {
  const connection = await selectConnectionOfUser(db, userId);
  if (!connection) return null;
  const [characters, claims] = await Promise.all([
    selectImportedCharacters(db, connection.id),
    selectCurrentClaims(db, connection.id),
  ]);
  return {
    battlenetId: connection.battlenet_id,
    battletag: connection.battletag,
    region: connection.region,
    verifiedAt: connection.verified_at.toISOString(),
    lastImportAt: connection.last_import_at?.toISOString() ?? null,
    characterCount: characters.length,
    characters: characters.map((c) => ({ name: c.name, realm: c.realm_name, class: c.class, race: c.race, level: c.level })),
    claims: claims.map((c) => ({
      characterId: c.character_id,
      name: c.name,
      realm: c.realm,
      guildId: c.guild_id,
      guildName: c.guild_name,
    })),
  };
}
