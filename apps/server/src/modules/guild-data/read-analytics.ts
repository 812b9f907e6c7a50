import type { GuildAnalytics } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { selectWeeklyActivity } from './queries';
import { findGuildOr404 } from './read-summary';

/** How many weeks the Analytics tab charts. */
export const ANALYTICS_WEEKS = 12;

/** The guild's loot, raids and active characters per week (Monday dates, oldest first); 404 for an unknown guild. */
export async function readAnalytics(db: Db, guildId: string): Promise<GuildAnalytics> {
  await findGuildOr404(db, guildId);
  const weeks = await selectWeeklyActivity(db, guildId, ANALYTICS_WEEKS);
  return {
    lootPerWeek: weeks.map((w) => ({ week: w.week, count: w.loot })),
    raidsPerWeek: weeks.map((w) => ({ week: w.week, count: w.raids })),
    activeCharactersPerWeek: weeks.map((w) => ({ week: w.week, count: w.active })),
  };
}
