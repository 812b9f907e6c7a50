import pg from 'pg';
import { mainServerEnv } from './community';

/** Runs statements on the e2e server's database, for what no screen makes (a Discord identity, a raid played). */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Gives an e-mail member of a guild a Discord identity, a member row in the guild (as a member sync leaves it) and a
 * character linked to them as their main, as the linking screens would; the character's id.
 */
export function linkMainCharacter(tenantId: string, email: string, name: string): Promise<string> {
  return withDatabase(async (client) => {
    const discordId = `9${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 18);
    const { rows: users } = await client.query<{ username: string }>(
      'UPDATE users SET discord_id = $2 WHERE lower(email) = lower($1) RETURNING username',
      [email, discordId],
    );
    const { rows: members } = await client.query<{ id: string }>(
      `INSERT INTO discord_members (guild_id, discord_user_id, username, joined_at)
       VALUES ($1, $2, $3, now() - interval '30 days') RETURNING id`,
      [tenantId, discordId, users[0]!.username],
    );
    const { rows: characters } = await client.query<{ id: string }>(
      `INSERT INTO characters (guild_id, name, realm, class, role, level, item_level, last_activity_at)
       VALUES ($1, $2, 'Silvermoon', 'Druid', 'healer', 80, 671, now()) RETURNING id`,
      [tenantId, name],
    );
    await client.query(
      `INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, link_type) VALUES ($1, $2, $3, true, 'claim')`,
      [tenantId, characters[0]!.id, members[0]!.id],
    );
    return characters[0]!.id;
  });
}

/** Moves a raid into the past, as if it had been played: started 4 h ago, ended an hour ago. */
export function playRaid(raidId: string): Promise<void> {
  return withDatabase(async (client) => {
    await client.query(
      `UPDATE raid_events SET starts_at = now() - interval '4 hours', ends_at = now() - interval '1 hour', signup_deadline = NULL
        WHERE id = $1`,
      [raidId],
    );
  });
}
