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
import { selectStoredSettings } from './queries';
import type { SecretBox } from './secret-box';
import { refuseFields } from './settings-catalog';
import { changeCategory, targetOf } from './write-category';

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
  const typedSecrets = new Set(
    Object.entries(settings)
      .filter(([key, value]) => findSetting(category, key)?.kind === 'secret' && typeof value === 'string' && value !== '')
      .map(([key]) => key),
  );
  return changeCategory(db, guildId, category, editor, {
    action: 'update',
    audited: 'guild_config.updated',
    targetIn: async (tx) => targetOf(category, await selectStoredSettings(tx, guildId, category, true), settings, secrets),
    typedSecrets,
  });
}
