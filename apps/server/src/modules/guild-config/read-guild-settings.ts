import { type GuildCategoryState, SETTING_CATEGORIES, type SettingCategoryId } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { presentCategory } from './presenters';
import { findGuild, selectSettingRows, selectVersionHeads } from './queries';

/** A guild's categories as the screens show them (secrets as '' with secretSet); every category or one. */
export async function readGuildCategories(
  db: Queryable,
  guildId: string,
  category?: SettingCategoryId,
): Promise<GuildCategoryState[]> {
  const rows = await selectSettingRows(db, guildId, category);
  const heads = await selectVersionHeads(db, guildId, category);
  const ids = category ? [category] : SETTING_CATEGORIES.map((c) => c.id as SettingCategoryId);
  return ids.map((id) =>
    presentCategory(
      id,
      rows,
      heads.find((head) => head.category === id),
    ),
  );
}

/** A guild with its categories (404 for an unknown guild). */
export async function readGuildSettings(db: Queryable, guildId: string, category?: SettingCategoryId) {
  const guild = await findGuild(db, guildId);
  return { guild, categories: await readGuildCategories(db, guildId, category) };
}
