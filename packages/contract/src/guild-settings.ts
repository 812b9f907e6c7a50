import { z } from 'zod';

/**
 * The guild settings catalog (issue 15): how each guild's bot behaves. The console's forms, the server's validation
 * and the bot's defaults all come from here, so adding a setting is one line in CATEGORIES below.
 */

/** The kinds of value a setting holds; each has its own input on the forms. */
export const SETTING_KINDS = [
  'text',
  'longText',
  'integer',
  'number',
  'boolean',
  'choice',
  'url',
  'channel',
  'timezone',
  'list',
  'secret',
] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

/** What a list holds, checked item by item. */
export type ListItemKind = 'channel' | 'word' | 'duration';

/** A setting's value as stored and sent: secrets never travel back, only whether they are set. */
export type SettingValue = string | number | boolean | string[];

/** One setting of the catalog. */
export interface SettingDefinition {
  key: string;
  label: string;
  description: string;
  kind: SettingKind;
  default: SettingValue;
  /** integer and number: the bounds, inclusive; text and list: min length / entries. */
  min?: number;
  max?: number;
  /** number: the form's step. */
  step?: number;
  /** text, longText, list items: the most characters. */
  maxLength?: number;
  /** choice: the allowed values with their labels. */
  options?: readonly { value: string; label: string }[];
  /** list: what each entry must be. */
  itemKind?: ListItemKind;
  /** False: the same for every guild, shown locked on the forms. */
  guildOverridable: boolean;
}

/** What a provider's error status most likely means, after 'The AI provider answered {status}'. */
const AI_STATUS_HINTS: Record<number, string> = {
  400: ': the request was refused (check the model and the numbers)',
  401: ': the API key was refused',
  403: ': access denied for this key',
  404: ': not found (check the endpoint URL and the model)',
  429: ': rate limited or out of quota',
};

/** Texts of the configuration screens and calls; the value ones come back on the setting's field. */
export const CONFIG_MESSAGES = {
  saved: 'Settings saved',
  categoryReset: 'Category reset to defaults',
  rolledBack: (version: number) => `Rolled back to version ${version}`,
  bulkApplied: (count: number) => `Settings applied to ${count} ${count === 1 ? 'guild' : 'guilds'}`,
  templateCreated: 'Template created',
  templateApplied: (count: number) => `Template applied to ${count} ${count === 1 ? 'guild' : 'guilds'}`,
  templateDeleted: 'Template deleted',
  unknownCategory: 'Unknown settings category',
  unknownSetting: 'Unknown setting',
  notOverridable: 'This setting is the same for every guild',
  guildNotFound: 'Guild not found',
  versionNotFound: 'Version not found',
  templateNotFound: 'Template not found',
  templateNameRequired: 'Template name is required',
  templateNameTaken: 'A template with this name already exists',
  templateEmpty: 'The template has no settings',
  noGuilds: 'Choose at least one guild',
  compareCount: 'Choose 2 to 5 guilds to compare',
  noSettings: 'Change at least one setting',
  secretNotShared: 'Secrets are set one guild at a time',
  secretKeyMissing: 'Set CONFIG_SECRET_KEY on the server to store secrets',
  // Values
  required: 'Required',
  wholeNumber: 'Must be a whole number',
  number: 'Must be a number',
  range: (min: number, max: number) => `Must be between ${min} and ${max}`,
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooShort: (min: number) => `Must be at least ${min} ${min === 1 ? 'character' : 'characters'}`,
  tooMany: (max: number) => `At most ${max} entries`,
  flag: 'Must be on or off',
  choice: (labels: readonly string[]) => `Must be one of: ${labels.join(', ')}`,
  url: 'Must be an http or https address',
  /** A URL whose port (after the host's colon) no server can listen on: 99999, 0, or letters (issue 29). */
  port: 'The port after the host must be a number from 1 to 65535',
  channel: 'Must be a Discord channel id (digits)',
  timezone: 'Must be a time zone like Europe/Berlin or UTC',
  duration: 'Must be a duration like 15m, 2h or 1d',
  word: 'Must be a word or phrase without line breaks',
  text: 'Must be text',
  list: 'Must be a list',
  // Test AI and Test Memory
  aiNotConfigured: 'Set the AI endpoint URL first',
  aiTimeout: 'The AI provider did not answer within 20 seconds',
  aiUnreachable: (reason: string) => `The AI provider could not be reached: ${reason}`,
  /** The outbound guard's reason (OUTBOUND_MESSAGES), e.g. a loopback or private address. */
  aiRefused: (reason: string) => `The AI provider was not called: ${reason}`,
  /** Our words for the status, never the provider's body (it may be an internal page). */
  aiProviderError: (status: number) =>
    `The AI provider answered ${status}${AI_STATUS_HINTS[status] ?? (status >= 500 ? ': the provider failed' : '')}`,
  aiNotJson: (status: number) => `The AI provider answered ${status}, but not with JSON`,
  aiNotCompletion: (status: number) => `The AI provider answered ${status} with JSON that is not a chat completion`,
  /** Test AI with a new endpoint URL: the saved key goes only to the saved URL. */
  aiKeyRetype: 'The endpoint URL changed: type the API key again (the saved key is only sent to the saved endpoint URL)',
  /** The form's hint under the key when the URL changes: saving clears the saved key unless one is typed. */
  aiKeyRetypeHint: 'The endpoint URL changed: type the API key again, or saving clears the saved key.',
  memoryDisabled: 'Memory is turned off for this guild',
  memoryUnreadable: 'The extraction model did not answer with memories',
} as const;

/** The longest a Test AI or Test Memory call waits for the provider. */
export const AI_TEST_TIMEOUT_MS = 20_000;

/** The message Test Memory extracts from when none is given. */
export const SAMPLE_MEMORY_MESSAGE =
  "I'm switching my main to a Restoration Shaman for next tier, and I can't raid on Thursdays any more because of work.";

// One-line builders: key, label, default, description, then the kind's own bounds.
type Extra = Partial<Pick<SettingDefinition, 'min' | 'max' | 'step' | 'maxLength' | 'options' | 'itemKind'>> & {
  locked?: boolean;
};
const setting =
  (kind: SettingKind) =>
  (key: string, label: string, value: SettingValue, description: string, extra: Extra = {}): SettingDefinition => {
    const { locked, ...bounds } = extra;
    return { key, label, description, kind, default: value, ...bounds, guildOverridable: !locked };
  };
const text = setting('text');
const longText = setting('longText');
const integer = setting('integer');
const decimal = setting('number');
const flag = setting('boolean');
const choice = setting('choice');
const url = setting('url');
const channel = setting('channel');
const timezone = setting('timezone');
const list = setting('list');
const secret = setting('secret');
const options = (...pairs: [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

/** The categories, in tab order, each with its settings in form order. */
export const SETTING_CATEGORIES = [
  {
    id: 'general',
    label: 'General',
    description: 'How the bot introduces itself and where it speaks.',
    settings: [
      text('prefix', 'Bot prefix', '!', 'What members type before a command.', { min: 1, maxLength: 5 }),
      choice('language', 'Language', 'en', 'The language of the bot’s messages.', {
        options: options(
          ['en', 'English'],
          ['de', 'Deutsch'],
          ['fr', 'Français'],
          ['es', 'Español'],
          ['it', 'Italiano'],
          ['pt', 'Português'],
          ['ru', 'Русский'],
          ['ko', '한국어'],
          ['zh', '中文'],
        ),
      }),
      timezone('timezone', 'Time zone', 'UTC', 'Raid times and reminders are shown in this zone.'),
      channel('announcementChannel', 'Announcement channel', '', 'Where the bot posts guild announcements (empty: none).'),
    ],
  },
  {
    id: 'raids',
    label: 'Raids',
    description: 'Sign-ups and reminders (the loot system is on the Loot page).',
    settings: [
      integer('signupWindowDays', 'Sign-up window (days)', 14, 'How many days before a raid sign-ups open.', {
        min: 1,
        max: 60,
      }),
      integer('defaultRaidSize', 'Default raid size', 20, 'Seats of a new raid.', { min: 1, max: 40 }),
      list('reminderTimes', 'Reminder times', ['24h', '1h'], 'How long before a raid the bot reminds those signed up.', {
        itemKind: 'duration',
        max: 5,
      }),
      integer('attendanceRule', 'Attendance rule (%)', 80, 'The attendance rate a raider is expected to keep.', {
        min: 1,
        max: 100,
      }),
      integer('attendanceWeeks', 'Attendance window (weeks)', 8, 'How many weeks back the attendance rate looks.', {
        min: 1,
        max: 52,
      }),
    ],
  },
  {
    id: 'ai',
    label: 'AI',
    description: 'The language model the bot answers with (any OpenAI-compatible chat completions API).',
    settings: [
      url(
        'endpointUrl',
        'Endpoint URL',
        '',
        'Base URL of the provider, e.g. https://api.openai.com/v1 (empty: the bot does not answer).',
      ),
      secret('apiKey', 'API key', '', 'Sent as a bearer token; stored encrypted and never shown again.'),
      text('model', 'Model', 'gpt-4o-mini', 'The chat model the bot answers with.', { min: 1, maxLength: 100 }),
      decimal('temperature', 'Temperature', 0.7, 'Higher answers more freely, lower more predictably.', {
        min: 0,
        max: 2,
        step: 0.1,
      }),
      integer('maxTokens', 'Max tokens', 512, 'The longest answer, in tokens.', { min: 1, max: 8192 }),
      longText(
        'systemPrompt',
        'System prompt',
        'You are the guild’s raid assistant. Answer briefly and kindly.',
        'Instructions the model gets before every conversation.',
        { maxLength: 4000 },
      ),
      decimal(
        'replyProbability',
        'Reply probability',
        0.1,
        'How often the bot joins a conversation it was not asked into (0 to 1).',
        {
          min: 0,
          max: 1,
          step: 0.05,
        },
      ),
      list('channels', 'Channels', [], 'Where the bot may answer (empty: every channel it can read).', {
        itemKind: 'channel',
        max: 50,
      }),
    ],
  },
  {
    id: 'memory',
    label: 'Memory',
    description: 'What the bot remembers about members between conversations.',
    settings: [
      flag('enabled', 'Memory enabled', true, 'The bot keeps memories of what members tell it.'),
      integer('retentionDays', 'Retention (days)', 90, 'Memories older than this are forgotten.', { min: 1, max: 365 }),
      integer('maxPerUser', 'Max memories per member', 100, 'The oldest go first past this number.', { min: 1, max: 1000 }),
      text('extractionModel', 'Extraction model', 'gpt-4o-mini', 'The model that picks what to remember.', {
        min: 1,
        maxLength: 100,
      }),
    ],
  },
  {
    id: 'moderation',
    label: 'Moderation',
    description: 'Spam limits and banned words.',
    settings: [
      integer('spamMessageLimit', 'Spam limit (messages)', 6, 'More messages than this within the window count as spam.', {
        min: 2,
        max: 50,
      }),
      integer('spamWindowSeconds', 'Spam window (seconds)', 10, 'The window the spam limit counts in.', { min: 1, max: 300 }),
      list('bannedWords', 'Banned words', [], 'Messages containing any of these are removed.', {
        itemKind: 'word',
        max: 200,
        maxLength: 50,
      }),
      integer(
        'logRetentionDays',
        'Moderation log retention (days)',
        90,
        'How long removals are kept; the same for every guild.',
        {
          min: 7,
          max: 365,
          locked: true,
        },
      ),
    ],
  },
  {
    id: 'notifications',
    label: 'Notifications',
    description: 'Which events the bot posts, and in which channel (empty: not posted).',
    settings: [
      channel('raidCreated', 'Raid created', '', 'A new raid is planned.'),
      channel('raidReminder', 'Raid reminder', '', 'The reminders of the Raids category.'),
      channel('lootAwarded', 'Loot awarded', '', 'An item is handed out.'),
      channel('memberJoined', 'Member joined', '', 'Someone joins the Discord server.'),
      channel('characterLinked', 'Character linked', '', 'A character is linked to a member.'),
    ],
  },
] as const satisfies readonly {
  id: string;
  label: string;
  description: string;
  settings: readonly SettingDefinition[];
}[];

/** A settings category id. */
export type SettingCategoryId = (typeof SETTING_CATEGORIES)[number]['id'];
export const SETTING_CATEGORY_IDS = SETTING_CATEGORIES.map((category) => category.id) as [
  SettingCategoryId,
  ...SettingCategoryId[],
];
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

/** A category by id, or undefined. */
export const findSettingCategory = (id: string): SettingCategory | undefined =>
  SETTING_CATEGORIES.find((category) => category.id === id);

/** A setting by category and key, or undefined. */
export const findSetting = (category: string, key: string): SettingDefinition | undefined =>
  (findSettingCategory(category)?.settings as readonly SettingDefinition[] | undefined)?.find((s) => s.key === key);

/** Every category's defaults: { ai: { model: 'gpt-4o-mini', … }, … } (secrets empty). */
export function settingDefaults(): Record<SettingCategoryId, Record<string, SettingValue>> {
  return Object.fromEntries(
    SETTING_CATEGORIES.map((category) => [
      category.id,
      Object.fromEntries((category.settings as readonly SettingDefinition[]).map((s) => [s.key, s.default])),
    ]),
  ) as Record<SettingCategoryId, Record<string, SettingValue>>;
}

const DURATION = /^[1-9]\d{0,3}[mhd]$/;
const CHANNEL_ID = /^\d{17,20}$/;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The port written after a URL's host (user:password@ and [IPv6] skipped), or undefined when none is. */
const URL_PORT = /^https?:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#[]*):([^/?#]*)/i;

/** Why an http(s) address cannot be called, in the form's words: not one at all, or a port out of range. */
function urlError(value: string): string | null {
  if (value === '') return null;
  if (!/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value)) return CONFIG_MESSAGES.url;
  const port = URL_PORT.exec(value)?.[1];
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535)) {
    return CONFIG_MESSAGES.port;
  }
  try {
    new URL(value);
    return null;
  } catch {
    return CONFIG_MESSAGES.url;
  }
}

function listItemError(kind: ListItemKind | undefined, item: unknown, maxLength: number): string | null {
  if (typeof item !== 'string') return CONFIG_MESSAGES.text;
  if (kind === 'channel') return CHANNEL_ID.test(item) ? null : CONFIG_MESSAGES.channel;
  if (kind === 'duration') return DURATION.test(item) ? null : CONFIG_MESSAGES.duration;
  if (item.trim() === '' || /[\r\n]/.test(item)) return CONFIG_MESSAGES.word;
  return item.length > maxLength ? CONFIG_MESSAGES.tooLong(maxLength) : null;
}

/**
 * Why a value does not fit its setting, or null when it does (the server and the forms check alike). A secret's
 * value is the new secret; an empty string clears it.
 */
export function settingValueError(definition: SettingDefinition, value: unknown): string | null {
  const { min, max, maxLength } = definition;
  switch (definition.kind) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return CONFIG_MESSAGES.number;
      if (definition.kind === 'integer' && !Number.isInteger(value)) return CONFIG_MESSAGES.wholeNumber;
      if ((min !== undefined && value < min) || (max !== undefined && value > max))
        return CONFIG_MESSAGES.range(min ?? Number.NEGATIVE_INFINITY, max ?? Number.POSITIVE_INFINITY);
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : CONFIG_MESSAGES.flag;
    case 'choice': {
      const choices = definition.options ?? [];
      return choices.some((option) => option.value === value)
        ? null
        : CONFIG_MESSAGES.choice(choices.map((option) => option.label));
    }
    case 'list': {
      if (!Array.isArray(value)) return CONFIG_MESSAGES.list;
      if (max !== undefined && value.length > max) return CONFIG_MESSAGES.tooMany(max);
      for (const item of value) {
        const error = listItemError(definition.itemKind, item, maxLength ?? 100);
        if (error) return error;
      }
      return null;
    }
    default: {
      if (typeof value !== 'string') return CONFIG_MESSAGES.text;
      if (definition.kind === 'url') return urlError(value);
      if (definition.kind === 'channel') return value === '' || CHANNEL_ID.test(value) ? null : CONFIG_MESSAGES.channel;
      if (definition.kind === 'timezone') return isTimeZone(value) ? null : CONFIG_MESSAGES.timezone;
      if (definition.kind === 'secret') return value.length > 500 ? CONFIG_MESSAGES.tooLong(500) : null;
      if (min !== undefined && value.trim().length < min)
        return min === 1 ? CONFIG_MESSAGES.required : CONFIG_MESSAGES.tooShort(min);
      if (maxLength !== undefined && value.length > maxLength) return CONFIG_MESSAGES.tooLong(maxLength);
      return null;
    }
  }
}

/**
 * Checks a category's changes against the catalog: a message per field for unknown keys, locked settings and values
 * that do not fit. `null` as a value means "back to the default" and always fits. With `allowSecrets` false (templates
 * and bulk changes) secrets are refused, as they are set one guild at a time.
 */
export function settingsErrors(
  category: string,
  settings: Record<string, unknown>,
  options: { allowSecrets?: boolean } = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!findSettingCategory(category)) return { category: CONFIG_MESSAGES.unknownCategory };
  for (const [key, value] of Object.entries(settings)) {
    const definition = findSetting(category, key);
    let error: string | null;
    if (!definition) error = CONFIG_MESSAGES.unknownSetting;
    else if (!definition.guildOverridable) error = CONFIG_MESSAGES.notOverridable;
    else if (definition.kind === 'secret' && options.allowSecrets === false) error = CONFIG_MESSAGES.secretNotShared;
    else if (value === null) error = null;
    else error = settingValueError(definition, value);
    if (error) fields[key] = error;
  }
  return fields;
}

/** A value in the wire format's shape (zod), for the API schemas; the catalog checks the rest. */
export const settingValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
