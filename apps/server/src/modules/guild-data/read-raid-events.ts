import type { GuildRaidEvent } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { selectRaidEventPage } from './queries';
import { findGuildOr404 } from './read-summary';

/** A page of the guild's raid events, newest first, with attendance counts; 404 for an unknown guild. */
export async function readRaidEvents(db: Db, guildId: string, page: { page: number; limit: number }) {
  await findGuildOr404(db, guildId);
  const { rows, total } = await selectRaidEventPage(db, guildId, { limit: page.limit, offset: (page.page - 1) * page.limit });
  const events: GuildRaidEvent[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    instance: row.instance,
    difficulty: row.difficulty,
    starts_at: row.starts_at.toISOString(),
    attendance: row.attendance,
  }));
  return { events, total, page: page.page, limit: page.limit };
}
