import { z } from 'zod';
import { tenantId, tenantIdWith } from '../guild-ids';
import { CONFIG_MESSAGES, SETTING_CATEGORY_IDS, settingValue } from '../guild-settings';
import { displayNameRule } from '../text-rules';
import { endpoint } from './common';

/**
 * Guild configuration (issue 15; spec 2 §7 "Admin API client → Configuration"): per-guild overrides of the catalog's
 * defaults, versions with rollback, templates, bulk changes, compare, and the AI and memory tests. Reading needs
 * settings.view, writing admin.system_config; every write is audited.
 */

/** The most guilds one comparison shows side by side. */
export const CONFIG_COMPARE_MAX = 5;
/** The most guilds one bulk change or template application touches. */
export const CONFIG_BULK_MAX = 500;

const guildId = tenantIdWith(CONFIG_MESSAGES.guildNotFound);
const categoryId = z.enum(SETTING_CATEGORY_IDS, { error: CONFIG_MESSAGES.unknownCategory });
const guildParams = z.object({ id: guildId });

/** How a bulk change or template meets the guild's overrides: merge keeps the others, replace resets them. */
export const CONFIG_APPLY_MODES = ['merge', 'replace'] as const;
export type ConfigApplyMode = (typeof CONFIG_APPLY_MODES)[number];

/**
 * One setting as a guild has it. A secret's `value` is always '' and `secretSet` says whether it is set.
 * `overridden`: the guild has its own value (shown 'modified' against the default).
 */
export const guildSettingState = z.object({
  key: z.string(),
  value: settingValue,
  defaultValue: settingValue,
  overridden: z.boolean(),
  secretSet: z.boolean().optional(),
});
export type GuildSettingState = z.infer<typeof guildSettingState>;

/** A category as a guild has it, with its current version (0: never changed). */
export const guildCategoryState = z.object({
  category: categoryId,
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  settings: z.array(guildSettingState),
});
export type GuildCategoryState = z.infer<typeof guildCategoryState>;

/** A guild's configuration: every category, or the one asked for. */
export const guildSettingsResponse = z.object({
  success: z.literal(true),
  guild: z.object({ id: z.string(), name: z.string() }),
  categories: z.array(guildCategoryState),
});
export type GuildSettingsResponse = z.infer<typeof guildSettingsResponse>;

/** A category's changes: key → new value, or null to go back to the default. A secret's value is the new secret. */
export const categorySettingsBody = z.object({
  category: categoryId,
  settings: z.record(z.string(), settingValue.nullable()),
});
export type CategorySettingsBody = z.infer<typeof categorySettingsBody>;

/** One change of one setting, as versions, previews and the audit record it. Secrets show as 'set' / 'not set'. */
export const settingChange = z.object({
  category: categoryId,
  key: z.string(),
  before: settingValue.nullable().describe('null: the default'),
  after: settingValue.nullable().describe('null: the default'),
});
export type SettingChange = z.infer<typeof settingChange>;

/** A kept version of a guild's category. */
export const CONFIG_VERSION_ACTIONS = ['update', 'reset', 'rollback', 'bulk', 'template'] as const;
export const configVersion = z.object({
  version: z.number().int(),
  category: categoryId,
  action: z.enum(CONFIG_VERSION_ACTIONS),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  changes: z.array(settingChange),
  /** rollback: the version it went back to; template: the template's name. */
  note: z.string().nullable(),
});
export type ConfigVersion = z.infer<typeof configVersion>;

/** A guild in the configuration's guild picker. */
export const configGuild = z.object({
  id: z.string(),
  name: z.string(),
  realm: z.string().nullable(),
  region: z.string().nullable(),
  isActive: z.boolean(),
  overrides: z.number().int().describe('How many settings the guild overrides'),
  updatedAt: z.string().nullable(),
});
export type ConfigGuild = z.infer<typeof configGuild>;

/** Settings across categories, for bulk changes and templates: { ai: { model: '…' }, raids: { … } }. */
export const categorizedSettings = z.partialRecord(categoryId, z.record(z.string(), settingValue.nullable()));
export type CategorizedSettings = z.infer<typeof categorizedSettings>;

const guildIds = z
  .array(guildId)
  .min(1, CONFIG_MESSAGES.noGuilds)
  .max(CONFIG_BULK_MAX)
  .transform((ids) => [...new Set(ids)]);

/** What a bulk change or template does to each guild; `applied` false for a preview. */
export const configApplyResponse = z.object({
  success: z.literal(true),
  applied: z.boolean(),
  guilds: z.array(z.object({ id: z.string(), name: z.string(), changes: z.array(settingChange) })),
  message: z.string().optional(),
});
export type ConfigApplyResponse = z.infer<typeof configApplyResponse>;

/** A settings template: settings to apply to many guilds (never secrets). */
export const configTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  settings: categorizedSettings,
  sourceGuildId: tenantId.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ConfigTemplate = z.infer<typeof configTemplate>;

export const createTemplateBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, CONFIG_MESSAGES.templateNameRequired)
      .max(100)
      .refine(...displayNameRule('Template name')),
    description: z.string().trim().max(500).default(''),
    /** Copies this guild's overrides (secrets left out)… */
    fromGuildId: guildId.optional(),
    /** …or these settings. */
    settings: categorizedSettings.optional(),
  })
  .refine((body) => body.fromGuildId !== undefined || body.settings !== undefined, {
    message: CONFIG_MESSAGES.templateEmpty,
    path: ['settings'],
  });
export type CreateTemplateBody = z.input<typeof createTemplateBody>;

/** Spec 2 §7 calls the apply body {guildIds, mode}; `preview` answers what would change without changing it. */
export const applyBody = z.object({
  guildIds,
  mode: z.enum(CONFIG_APPLY_MODES).default('merge'),
  preview: z.boolean().default(false),
});
export type ApplyBody = z.input<typeof applyBody>;

export const bulkUpdateBody = applyBody.extend({ settings: categorizedSettings });
export type BulkUpdateBody = z.input<typeof bulkUpdateBody>;

/** One row of a comparison: a setting with each guild's value, in the order of `guilds`. */
export const compareRow = z.object({
  category: categoryId,
  key: z.string(),
  values: z.array(z.object({ value: settingValue, overridden: z.boolean(), secretSet: z.boolean().optional() })),
  differs: z.boolean(),
});
export type CompareRow = z.infer<typeof compareRow>;

/** Unsaved AI settings to test with instead of the saved ones (a blank apiKey: the saved key, only with the saved endpointUrl). */
export const aiTestConfig = z.record(z.string(), settingValue);

/** What the provider answered to Test AI or Test Memory. */
export const aiCallResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), latencyMs: z.number(), model: z.string(), reply: z.string() }),
  z.object({ ok: z.literal(false), latencyMs: z.number(), error: z.string(), status: z.number().nullable() }),
]);
export type AiCallResult = z.infer<typeof aiCallResult>;

/** One memory Test Memory would store. */
export const extractedMemory = z.object({
  content: z.string(),
  category: z.string(),
  importance: z.number(),
  expiresAt: z.string(),
});
export type ExtractedMemory = z.infer<typeof extractedMemory>;

export const testMemoryResult = z.object({
  enabled: z.boolean(),
  message: z.string(),
  model: z.string(),
  retentionDays: z.number(),
  maxPerUser: z.number(),
  call: aiCallResult.nullable().describe('null when memory is off'),
  memories: z.array(extractedMemory),
});
export type TestMemoryResult = z.infer<typeof testMemoryResult>;

/** The admin configuration API (spec 2 §7, under /api/admin/config). */
export const guildConfigApi = {
  guilds: endpoint({
    method: 'GET',
    path: '/api/admin/config/guilds',
    summary: 'Guilds with how many settings each overrides (settings.view)',
    query: z.object({ search: z.string().trim().max(100).optional() }),
    response: z.object({ success: z.literal(true), guilds: z.array(configGuild) }),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/admin/config/guilds/:id/settings',
    summary: "A guild's settings, every category or one (settings.view)",
    params: guildParams,
    query: z.object({ category: categoryId.optional() }),
    response: guildSettingsResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/config/guilds/:id/settings',
    summary: "Changes a guild's settings of one category, checked against the catalog (admin.system_config)",
    params: guildParams,
    body: categorySettingsBody,
    response: z.object({ success: z.literal(true), category: guildCategoryState, message: z.string() }),
  }),
  versions: endpoint({
    method: 'GET',
    path: '/api/admin/config/guilds/:id/versions',
    summary: "A guild's kept versions, newest first (settings.view)",
    params: guildParams,
    query: z.object({ category: categoryId.optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({ success: z.literal(true), versions: z.array(configVersion) }),
  }),
  rollback: endpoint({
    method: 'POST',
    path: '/api/admin/config/guilds/:id/rollback',
    summary: 'Sets a category back to how it was at a version, kept as a new version (admin.system_config)',
    params: guildParams,
    body: z.object({ category: categoryId, version: z.number().int().min(0) }),
    response: z.object({ success: z.literal(true), category: guildCategoryState, message: z.string() }),
  }),
  reset: endpoint({
    method: 'POST',
    path: '/api/admin/config/guilds/:id/reset',
    summary: "Drops a category's overrides: every setting follows the default (admin.system_config)",
    params: guildParams,
    body: z.object({ category: categoryId }),
    response: z.object({ success: z.literal(true), category: guildCategoryState, message: z.string() }),
  }),
  testAi: endpoint({
    method: 'POST',
    path: '/api/admin/config/guilds/:id/test-ai',
    summary: "Sends a short prompt to the guild's AI provider: latency, model and the reply, or its error (admin.system_config)",
    params: guildParams,
    body: z.object({ config: aiTestConfig.optional(), prompt: z.string().trim().max(500).optional() }),
    response: z.object({ success: z.literal(true), result: aiCallResult }),
  }),
  testMemory: endpoint({
    method: 'POST',
    path: '/api/admin/config/guilds/:id/test-memory',
    summary: 'Runs memory extraction on a sample message with the guild’s settings; stores nothing (admin.system_config)',
    params: guildParams,
    body: z.object({ message: z.string().trim().min(1).max(2000).optional() }).nullish(),
    response: z.object({ success: z.literal(true), result: testMemoryResult }),
  }),
  bulkUpdate: endpoint({
    method: 'POST',
    path: '/api/admin/config/bulk-update',
    summary: 'Changes many guilds at once in one transaction, or previews it (admin.system_config)',
    body: bulkUpdateBody,
    response: configApplyResponse,
  }),
  templates: endpoint({
    method: 'GET',
    path: '/api/admin/config/templates',
    summary: 'Settings templates (settings.view)',
    response: z.object({ success: z.literal(true), templates: z.array(configTemplate) }),
  }),
  createTemplate: endpoint({
    method: 'POST',
    path: '/api/admin/config/templates',
    summary: "A template from a guild's overrides or from given settings (admin.system_config)",
    body: createTemplateBody,
    response: z.object({ success: z.literal(true), template: configTemplate, message: z.string() }),
  }),
  applyTemplate: endpoint({
    method: 'POST',
    path: '/api/admin/config/templates/:id/apply',
    summary: 'Applies a template to guilds in one transaction, or previews it (admin.system_config)',
    params: z.object({ id: z.uuid(CONFIG_MESSAGES.templateNotFound) }),
    body: applyBody,
    response: configApplyResponse,
  }),
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: '/api/admin/config/templates/:id',
    summary: 'Deletes a template (admin.system_config)',
    params: z.object({ id: z.uuid(CONFIG_MESSAGES.templateNotFound) }),
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
  compare: endpoint({
    method: 'GET',
    path: '/api/admin/config/compare',
    summary: 'Guilds side by side, setting by setting, differences marked (settings.view)',
    query: z.object({
      guildIds: z
        .string()
        .transform((value) => [
          ...new Set(
            value
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean),
          ),
        ])
        .pipe(z.array(guildId).min(2, CONFIG_MESSAGES.compareCount).max(CONFIG_COMPARE_MAX, CONFIG_MESSAGES.compareCount)),
    }),
    response: z.object({
      success: z.literal(true),
      guilds: z.array(z.object({ id: z.string(), name: z.string() })),
      rows: z.array(compareRow),
    }),
  }),
} as const;

/** The community side: a member's own guild configuration (X-Guild-ID; settings.view reads, guild.manage_settings writes). */
export const communityGuildConfigApi = {
  settings: endpoint({
    method: 'GET',
    path: '/api/guild/config',
    summary: "The selected guild's settings (settings.view)",
    query: z.object({ category: categoryId.optional() }),
    response: guildSettingsResponse.extend({ canEdit: z.boolean() }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/guild/config',
    summary: "Changes the selected guild's settings of one category (guild.manage_settings)",
    body: categorySettingsBody,
    response: z.object({ success: z.literal(true), category: guildCategoryState, message: z.string() }),
  }),
} as const;
