import {
  CONFIG_MESSAGES,
  findSetting,
  type GuildCategoryState,
  type SettingCategoryId,
  type SettingValue,
  settingsErrors,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import type { ConfigEditor } from './guild-config-deps';
import { findGuild, selectStoredSettings } from './queries';
import { readGuildCategories } from './read-guild-settings';
import type { SecretBox } from './secret-box';
import { refuseFields } from './settings-catalog';
import { auditWrite, targetOf, writeCategory } from './write-category';

/** PUT settings: one category's changes, checked against the catalog, in one transaction with its version and audit. */
export async function updateGuildCategory(
  db: Db,
  secrets: SecretBox,
  guildId: string,
  category: SettingCategoryId,
  settings: Record<string, SettingValue | null>,
  editor: ConfigEditor,
): Promise<GuildCategoryState> {
  if (Object.keys(settings).length === 0) throw AppError.invalidField('settings', CONFIG_MESSAGES.noSettings);
  refuseFields(settingsErrors(category, settings));
  return db.transaction(async (tx) => {
    const guild = await findGuild(tx, guildId, { lock: true });
    const current = await selectStoredSettings(tx, guildId, category, true);
    const typedSecrets = new Set(
      Object.entries(settings)
        .filter(([key, value]) => findSetting(category, key)?.kind === 'secret' && typeof value === 'string' && value !== '')
        .map(([key]) => key),
    );
    const write = await writeCategory(tx, guildId, category, targetOf(category, current, settings, secrets), {
      action: 'update',
      note: null,
      by: editor.actor.name,
      typedSecrets,
    });
    if (write.version !== null) {
      await auditWrite(tx, editor, 'guild_config.updated', guild, {
        category,
        version: write.version,
        changes: write.changes,
      });
    }
    return (await readGuildCategories(tx, guildId, category))[0]!;
  });
}
