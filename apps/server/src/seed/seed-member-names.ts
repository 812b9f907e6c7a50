import type { Db, Queryable } from '../services/db/db';
import { generateDemoData } from './demo-data';
import { type NamingCharacter, type NamingMember, type NamingPlan, planMemberNames } from './demo-member-names';
import { SEED_LOCK_KEY } from './seed-demo-data';

/** app_meta key recording when the demo members got their realistic names; its own key, so older databases get it once. */
export const MEMBER_NAMES_SEEDED_KEY = 'seeded_member_names';

async function applyPlan(tx: Queryable, plan: NamingPlan) {
  await tx.query(
    `UPDATE discord_members m SET global_name = p.global_name, nickname = p.nickname
       FROM jsonb_to_recordset($1::jsonb) AS p(guild_id uuid, discord_user_id text, global_name text, nickname text)
      WHERE m.guild_id = p.guild_id AND m.discord_user_id = p.discord_user_id`,
    [JSON.stringify(plan.members)],
  );
  await tx.query(
    `UPDATE characters c SET officer_note = p.officer_note
       FROM jsonb_to_recordset($1::jsonb) AS p(id uuid, officer_note text) WHERE c.id = p.id`,
    [JSON.stringify(plan.notes)],
  );
  await tx.query(
    `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, nickname, joined_at)
     SELECT p.guild_id, p.discord_user_id, p.username, p.global_name, p.nickname, p.joined_at
       FROM jsonb_to_recordset($1::jsonb)
            AS p(guild_id uuid, discord_user_id text, username text, global_name text, nickname text, joined_at timestamptz)
     ON CONFLICT (guild_id, discord_user_id) DO NOTHING`,
    [JSON.stringify(plan.newMembers)],
  );
}

/**
 * Gives the demo guilds' Discord members the names real servers hold (see planMemberNames), once, after
 * the guild data: its own app_meta record makes later starts skip it. Only demo guilds still present are
 * touched. Returns the counts, or null when nothing was done.
 */
export async function seedMemberNames(db: Db, now = Date.now()) {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const seeded = await tx.query('SELECT 1 FROM app_meta WHERE key = $1', [MEMBER_NAMES_SEEDED_KEY]);
    if (seeded.rowCount > 0) return null;
    const demoIds = generateDemoData().guilds.map((guild) => guild.id);
    const guilds = await tx.query<{ id: string; guild_name: string }>(
      'SELECT id, guild_name FROM guilds WHERE id = ANY($1::uuid[])',
      [demoIds],
    );
    const presentIds = guilds.rows.map((guild) => guild.id);
    const members = await tx.query<NamingMember>(
      `SELECT guild_id, discord_user_id, username, global_name, nickname FROM discord_members
        WHERE guild_id = ANY($1::uuid[]) AND left_at IS NULL`,
      [presentIds],
    );
    const characters = await tx.query<NamingCharacter>(
      `SELECT c.id, c.guild_id, c.name, c.realm, c.role, c.guild_note, c.officer_note,
              EXISTS (SELECT 1 FROM character_links l WHERE l.character_id = c.id) AS is_linked
         FROM characters c WHERE c.guild_id = ANY($1::uuid[])`,
      [presentIds],
    );
    const plan = planMemberNames(guilds.rows, members.rows, characters.rows, now);
    await applyPlan(tx, plan);
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [MEMBER_NAMES_SEEDED_KEY, new Date(now).toISOString()]);
    return { renamedMembers: plan.members.length, notes: plan.notes.length, addedMembers: plan.newMembers.length };
  });
}
