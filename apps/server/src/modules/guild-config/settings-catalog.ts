import {
  findSettingCategory,
  type SettingCategoryId,
  type SettingDefinition,
  type SettingValue,
  settingsErrors,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';

// The contract's settings catalog as this module reads it: a category's definitions, and checks against them.

/** Settings of several categories, as bulk changes and templates carry them. */
export type CategorizedValues = Partial<Record<SettingCategoryId, Record<string, SettingValue | null>>>;

/** A category's settings as the catalog defines them, in catalog order. */
export const definitionsOf = (category: SettingCategoryId): readonly SettingDefinition[] =>
  findSettingCategory(category)!.settings as readonly SettingDefinition[];

/** Refuses with 400 and a message per field when `fields` has any (the first one is the answer's message). */
export function refuseFields(fields: Record<string, string>) {
  const first = Object.values(fields)[0];
  if (first !== undefined) throw new AppError('VALIDATION_FAILED', first, { fields });
}

/** Checks settings for many guilds: fields as `category.key`; secrets refused (set one guild at a time). */
export function categorizedErrors(settings: CategorizedValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [category, values] of Object.entries(settings)) {
    for (const [key, message] of Object.entries(settingsErrors(category, values ?? {}, { allowSecrets: false }))) {
      fields[key === 'category' && !findSettingCategory(category) ? category : `${category}.${key}`] = message;
    }
  }
  return fields;
}
