import {
  findSetting,
  type GuildSettingState,
  type SettingDefinition,
  type SettingValue,
  settingValueError,
} from '@guildhall/contract';

/**
 * The settings forms' model (issue 15): what each input holds while edited (text, or a switch's on/off), how it
 * reads back as a value of the catalog, its inline error, and which settings changed against the saved ones.
 */

/** What one input holds: a switch's state, or the text in the box (a list: one entry per line). */
export type Draft = string | boolean;

/** The input's text for a value. */
export function toDraft(definition: SettingDefinition, value: SettingValue): Draft {
  if (definition.kind === 'boolean') return value === true;
  if (definition.kind === 'secret') return '';
  if (Array.isArray(value)) return value.join('\n');
  return String(value);
}

/** The value an input's text stands for (an empty number box is not a number). */
export function fromDraft(definition: SettingDefinition, draft: Draft): SettingValue {
  if (definition.kind === 'boolean') return draft === true;
  const text = typeof draft === 'string' ? draft : String(draft);
  if (definition.kind === 'integer' || definition.kind === 'number') return text.trim() === '' ? Number.NaN : Number(text);
  if (definition.kind === 'list')
    return text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  if (definition.kind === 'url' || definition.kind === 'channel' || definition.kind === 'timezone') return text.trim();
  return text;
}

/** The catalog's message for the input's text, or null when it fits (a blank secret keeps the saved one). */
export function draftError(definition: SettingDefinition, draft: Draft): string | null {
  if (definition.kind === 'secret' && draft === '') return null;
  return settingValueError(definition, fromDraft(definition, draft));
}

/** Same value: lists entry by entry. */
export function sameValue(a: SettingValue | null, b: SettingValue | null): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  return a === b;
}

/** One form's state: the drafts by key, and the secrets to clear. */
export interface CategoryForm {
  drafts: Record<string, Draft>;
  clearSecrets: readonly string[];
}

/** The form of a category as saved. */
export function formFromState(category: string, settings: readonly GuildSettingState[]): CategoryForm {
  const drafts: Record<string, Draft> = {};
  for (const setting of settings) {
    const definition = findSetting(category, setting.key);
    if (definition) drafts[setting.key] = toDraft(definition, setting.value);
  }
  return { drafts, clearSecrets: [] };
}

/**
 * The settings the form changes against the saved ones, as the PUT sends them: only changed keys, never locked
 * ones; a secret typed in is its new value, a cleared one ''.
 */
export function formChanges(
  category: string,
  settings: readonly GuildSettingState[],
  form: CategoryForm,
): Record<string, SettingValue> {
  const changes: Record<string, SettingValue> = {};
  for (const setting of settings) {
    const definition = findSetting(category, setting.key);
    const draft = form.drafts[setting.key];
    if (!definition?.guildOverridable || draft === undefined) continue;
    if (definition.kind === 'secret') {
      if (typeof draft === 'string' && draft !== '') changes[setting.key] = draft;
      else if (form.clearSecrets.includes(setting.key) && setting.secretSet) changes[setting.key] = '';
      continue;
    }
    const value = fromDraft(definition, draft);
    if (!sameValue(value, setting.value)) changes[setting.key] = value;
  }
  return changes;
}

/** The inline errors of the form's changed settings, by key. */
export function formErrors(category: string, changes: Record<string, SettingValue>, form: CategoryForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of Object.keys(changes)) {
    const definition = findSetting(category, key);
    const draft = form.drafts[key];
    if (!definition || draft === undefined) continue;
    const error = draftError(definition, draft);
    if (error) errors[key] = error;
  }
  return errors;
}

/** The values a Test AI call runs with: the form's, valid or not, secrets only when typed in. */
export function formConfig(category: string, form: CategoryForm): Record<string, SettingValue> {
  const config: Record<string, SettingValue> = {};
  for (const [key, draft] of Object.entries(form.drafts)) {
    const definition = findSetting(category, key);
    if (!definition) continue;
    if (definition.kind === 'secret' && draft === '') continue;
    const value = fromDraft(definition, draft);
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    config[key] = value;
  }
  return config;
}

/** A value as history, previews and comparisons show it; null is the default. */
export function formatSettingValue(value: SettingValue | null, definition?: SettingDefinition): string {
  if (value === null) return 'default';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (definition?.kind === 'choice') return definition.options?.find((option) => option.value === value)?.label ?? String(value);
  if (value === '') return '(empty)';
  return String(value);
}
