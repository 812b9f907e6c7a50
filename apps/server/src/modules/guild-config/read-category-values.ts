import { CONFIG_MESSAGES, type SettingCategoryId, type SettingValue } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import { findGuild, selectStoredSettings } from './queries';
import type { SecretBox } from './secret-box';
import { definitionsOf } from './settings-catalog';

/**
 * The effective values of a guild's category, secrets DECRYPTED ('' when unset): for the bot and the AI tests, never
 * for an answer (secrets leave this module only through here). 404 Guild not found for an unknown guild.
 */
export async function readGuildCategoryValues(
  db: Db,
  secrets: SecretBox,
  guildId: string,
  category: SettingCategoryId,
): Promise<Record<string, SettingValue>> {
  await findGuild(db, guildId);
  const stored = await selectStoredSettings(db, guildId, category);
  const values: Record<string, SettingValue> = {};
  for (const definition of definitionsOf(category)) {
    const own = definition.guildOverridable ? stored.get(definition.key) : undefined;
    if (definition.kind === 'secret') {
      if (own?.secretValue) {
        if (!secrets.available) throw AppError.invalidField(definition.key, CONFIG_MESSAGES.secretKeyMissing);
        values[definition.key] = secrets.decrypt(own.secretValue);
      } else values[definition.key] = '';
    } else values[definition.key] = own && own.value !== null ? own.value : definition.default;
  }
  return values;
}
