import { SETTING_CATEGORIES, type SettingCategoryId, type SettingDefinition } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { findGuild, type GuildRef } from './queries';
import { readGuildCategories } from './read-guild-settings';

/** Guilds side by side: every catalog setting a row, values in the order of `guildIds`. */
export async function compareGuilds(db: Queryable, guildIds: readonly string[]) {
  const guilds: GuildRef[] = [];
  for (const id of guildIds) guilds.push(await findGuild(db, id));
  const states = await Promise.all(guildIds.map((id) => readGuildCategories(db, id)));
  const rows = SETTING_CATEGORIES.flatMap((category) =>
    (category.settings as readonly SettingDefinition[]).map((definition) => {
      const values = states.map((state) => {
        const setting = state.find((c) => c.category === category.id)!.settings.find((s) => s.key === definition.key)!;
        return {
          value: setting.value,
          overridden: setting.overridden,
          ...(setting.secretSet === undefined ? {} : { secretSet: setting.secretSet }),
        };
      });
      const shown = values.map((v) => JSON.stringify([v.value, v.secretSet ?? null]));
      return {
        category: category.id as SettingCategoryId,
        key: definition.key,
        values,
        differs: new Set(shown).size > 1,
      };
    }),
  );
  return { guilds, rows };
}
