import { describe, expect, it } from 'vitest';
import {
  CONFIG_MESSAGES,
  findSetting,
  SETTING_CATEGORIES,
  type SettingDefinition,
  settingDefaults,
  settingsErrors,
  settingValueError,
} from './guild-settings';

const definition = (category: string, key: string): SettingDefinition => {
  const found = findSetting(category, key);
  if (!found) throw new Error(`${category}.${key} is not in the catalog`);
  return found;
};
const check = (category: string, key: string, value: unknown) => settingValueError(definition(category, key), value);

describe('the settings catalog', () => {
  it('has unique category ids and keys, and every default fits its own setting', () => {
    expect(new Set(SETTING_CATEGORIES.map((c) => c.id)).size).toBe(SETTING_CATEGORIES.length);
    for (const category of SETTING_CATEGORIES) {
      const settings = category.settings as readonly SettingDefinition[];
      expect(new Set(settings.map((s) => s.key)).size, category.id).toBe(settings.length);
      for (const setting of settings) {
        expect(settingValueError(setting, setting.default), `${category.id}.${setting.key}`).toBeNull();
      }
    }
  });

  it('gives every category its defaults, secrets empty', () => {
    const defaults = settingDefaults();
    expect(Object.keys(defaults)).toEqual(SETTING_CATEGORIES.map((c) => c.id));
    expect(defaults.general).toEqual({ prefix: '!', language: 'en', timezone: 'UTC', announcementChannel: '' });
    expect(defaults.raids.reminderTimes).toEqual(['24h', '1h']);
    expect(defaults.ai.apiKey).toBe('');
    expect(defaults.ai.temperature).toBe(0.7);
    expect(defaults.memory.enabled).toBe(true);
    expect(defaults.moderation.logRetentionDays).toBe(90);
  });
});

describe('settingValueError, kind by kind', () => {
  it('integer and number: a finite number, whole for integers, within the bounds', () => {
    expect(check('raids', 'defaultRaidSize', 25)).toBeNull();
    expect(check('raids', 'defaultRaidSize', '25')).toBe(CONFIG_MESSAGES.number);
    expect(check('raids', 'defaultRaidSize', Number.NaN)).toBe(CONFIG_MESSAGES.number);
    expect(check('raids', 'defaultRaidSize', 2.5)).toBe(CONFIG_MESSAGES.wholeNumber);
    expect(check('raids', 'defaultRaidSize', 41)).toBe('Must be between 1 and 40');
    expect(check('raids', 'defaultRaidSize', 0)).toBe('Must be between 1 and 40');
    expect(check('ai', 'temperature', 1.3)).toBeNull();
    expect(check('ai', 'temperature', 2.01)).toBe('Must be between 0 and 2');
    expect(check('ai', 'temperature', -0.1)).toBe('Must be between 0 and 2');
  });

  it('boolean, choice, url, channel and time zone', () => {
    expect(check('memory', 'enabled', false)).toBeNull();
    expect(check('memory', 'enabled', 'false')).toBe('Must be on or off');
    expect(check('general', 'language', 'de')).toBeNull();
    expect(check('general', 'language', 'klingon')).toBe(
      'Must be one of: English, Deutsch, Français, Español, Italiano, Português, Русский, 한국어, 中文',
    );
    expect(check('ai', 'endpointUrl', '')).toBeNull();
    expect(check('ai', 'endpointUrl', 'http://127.0.0.1:8080/v1')).toBeNull();
    expect(check('ai', 'endpointUrl', 'ftp://host')).toBe('Must be an http or https address');
    expect(check('ai', 'endpointUrl', 'https://has space.com')).toBe(CONFIG_MESSAGES.url);
    // A port no server listens on is named as the port, never Node's "Invalid URL" (issue 29).
    for (const bad of ['http://127.0.0.1:99999/v1', 'https://api.example.com:0/v1', 'https://api.example.com:80a/v1']) {
      expect(check('ai', 'endpointUrl', bad), bad).toBe('The port after the host must be a number from 1 to 65535');
    }
    expect(check('ai', 'endpointUrl', 'https://user:secret@api.example.com:8443/v1')).toBeNull();
    // An IPv6 host's own colons are not a port.
    expect(check('ai', 'endpointUrl', 'http://[fd00::1]/v1')).toBeNull();
    expect(check('ai', 'endpointUrl', 'http://[::1]:8080/v1')).toBeNull();
    expect(check('ai', 'endpointUrl', 'http://[::1]:99999/v1')).toBe('The port after the host must be a number from 1 to 65535');
    expect(check('ai', 'endpointUrl', 'http://[::1]:65535/v1')).toBeNull();
    expect(check('ai', 'endpointUrl', 'http://[::1]:65536/v1')).toBe(CONFIG_MESSAGES.port);
    expect(check('general', 'announcementChannel', '')).toBeNull();
    expect(check('general', 'announcementChannel', '123456789012345678')).toBeNull();
    expect(check('general', 'announcementChannel', '#general')).toBe('Must be a Discord channel id (digits)');
    expect(check('general', 'timezone', 'Europe/Berlin')).toBeNull();
    expect(check('general', 'timezone', 'Nowhere/Land')).toBe('Must be a time zone like Europe/Berlin or UTC');
  });

  it('text and long text: required, at most so many characters, and text at all', () => {
    expect(check('general', 'prefix', '?')).toBeNull();
    expect(check('general', 'prefix', '  ')).toBe('Required');
    expect(check('general', 'prefix', 'sixsix')).toBe('Must be at most 5 characters');
    expect(check('general', 'prefix', 5)).toBe('Must be text');
    expect(check('ai', 'systemPrompt', '')).toBeNull();
    expect(check('ai', 'systemPrompt', 'x'.repeat(4001))).toBe('Must be at most 4000 characters');
    const twoChars: SettingDefinition = { ...definition('general', 'prefix'), min: 2, maxLength: 10 };
    expect(settingValueError(twoChars, 'a')).toBe('Must be at least 2 characters');
  });

  it('lists: a list, at most so many entries, each entry of its kind', () => {
    expect(check('raids', 'reminderTimes', ['15m', '2h', '1d'])).toBeNull();
    expect(check('raids', 'reminderTimes', '2h')).toBe('Must be a list');
    expect(check('raids', 'reminderTimes', ['1h', '2h', '3h', '4h', '5h', '6h'])).toBe('At most 5 entries');
    expect(check('raids', 'reminderTimes', ['2 hours'])).toBe('Must be a duration like 15m, 2h or 1d');
    expect(check('raids', 'reminderTimes', [2])).toBe('Must be text');
    expect(check('ai', 'channels', ['123456789012345678'])).toBeNull();
    expect(check('ai', 'channels', ['general'])).toBe('Must be a Discord channel id (digits)');
    expect(check('moderation', 'bannedWords', ['bad phrase'])).toBeNull();
    expect(check('moderation', 'bannedWords', [' '])).toBe('Must be a word or phrase without line breaks');
    expect(check('moderation', 'bannedWords', ['a\nb'])).toBe('Must be a word or phrase without line breaks');
    expect(check('moderation', 'bannedWords', ['x'.repeat(51)])).toBe('Must be at most 50 characters');
  });

  it('secrets: any text up to 500 characters, empty clears', () => {
    expect(check('ai', 'apiKey', 'sk-123')).toBeNull();
    expect(check('ai', 'apiKey', '')).toBeNull();
    expect(check('ai', 'apiKey', 'x'.repeat(501))).toBe('Must be at most 500 characters');
    expect(check('ai', 'apiKey', 12)).toBe('Must be text');
  });
});

describe('settingsErrors', () => {
  it('names every bad field: unknown, locked, secrets where not shared, values that do not fit; null always fits', () => {
    expect(settingsErrors('raids', { defaultRaidSize: 25, reminderTimes: null })).toEqual({});
    expect(settingsErrors('raids', { nope: 1, defaultRaidSize: 99 })).toEqual({
      nope: CONFIG_MESSAGES.unknownSetting,
      defaultRaidSize: 'Must be between 1 and 40',
    });
    expect(settingsErrors('moderation', { logRetentionDays: 30 })).toEqual({
      logRetentionDays: CONFIG_MESSAGES.notOverridable,
    });
    expect(settingsErrors('moderation', { logRetentionDays: null })).toEqual({
      logRetentionDays: CONFIG_MESSAGES.notOverridable,
    });
    expect(settingsErrors('ai', { apiKey: 'sk-1' })).toEqual({});
    expect(settingsErrors('ai', { apiKey: 'sk-1' }, { allowSecrets: false })).toEqual({
      apiKey: CONFIG_MESSAGES.secretNotShared,
    });
    expect(settingsErrors('weather', { sunny: true })).toEqual({ category: CONFIG_MESSAGES.unknownCategory });
  });
});
