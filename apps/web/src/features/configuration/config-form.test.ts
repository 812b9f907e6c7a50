import { CONFIG_MESSAGES, findSetting, type GuildSettingState } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import {
  draftError,
  formatSettingValue,
  formChanges,
  formConfig,
  formErrors,
  formFromState,
  fromDraft,
  toDraft,
} from './config-form';

const def = (category: string, key: string) => {
  const definition = findSetting(category, key);
  if (!definition) throw new Error(`${category}.${key} missing`);
  return definition;
};

const aiState: GuildSettingState[] = [
  { key: 'endpointUrl', value: '', defaultValue: '', overridden: false },
  { key: 'apiKey', value: '', defaultValue: '', overridden: true, secretSet: true },
  { key: 'model', value: 'gpt-4o-mini', defaultValue: 'gpt-4o-mini', overridden: false },
  { key: 'temperature', value: 0.7, defaultValue: 0.7, overridden: false },
  { key: 'channels', value: [], defaultValue: [], overridden: false },
];

describe('drafts', () => {
  it('turns values into input text and back', () => {
    expect(toDraft(def('raids', 'reminderTimes'), ['24h', '1h'])).toBe('24h\n1h');
    expect(fromDraft(def('raids', 'reminderTimes'), ' 24h \n\n1h ')).toEqual(['24h', '1h']);
    expect(fromDraft(def('ai', 'temperature'), '1.5')).toBe(1.5);
    expect(fromDraft(def('ai', 'temperature'), '')).toBeNaN();
    expect(toDraft(def('memory', 'enabled'), false)).toBe(false);
    expect(toDraft(def('ai', 'apiKey'), 'anything')).toBe('');
  });

  it("gives the catalog's messages", () => {
    expect(draftError(def('ai', 'temperature'), '3')).toBe(CONFIG_MESSAGES.range(0, 2));
    expect(draftError(def('ai', 'temperature'), '')).toBe(CONFIG_MESSAGES.number);
    expect(draftError(def('raids', 'defaultRaidSize'), '2.5')).toBe(CONFIG_MESSAGES.wholeNumber);
    expect(draftError(def('ai', 'endpointUrl'), 'ftp://x')).toBe(CONFIG_MESSAGES.url);
    expect(draftError(def('raids', 'reminderTimes'), '24h\nsoon')).toBe(CONFIG_MESSAGES.duration);
    expect(draftError(def('ai', 'apiKey'), '')).toBeNull();
    expect(draftError(def('ai', 'temperature'), '1.2')).toBeNull();
  });
});

describe('form changes', () => {
  it('sends only the changed keys', () => {
    const form = formFromState('ai', aiState);
    expect(formChanges('ai', aiState, form)).toEqual({});
    form.drafts.temperature = '1.2';
    form.drafts.channels = '123456789012345678';
    expect(formChanges('ai', aiState, form)).toEqual({ temperature: 1.2, channels: ['123456789012345678'] });
  });

  it('sends a typed secret, or a clear of a set one', () => {
    const form = formFromState('ai', aiState);
    expect(formChanges('ai', aiState, { ...form, clearSecrets: ['apiKey'] })).toEqual({ apiKey: '' });
    expect(formChanges('ai', aiState, { ...form, drafts: { ...form.drafts, apiKey: 'sk-new' } })).toEqual({ apiKey: 'sk-new' });
  });

  it('never sends a locked setting', () => {
    const state: GuildSettingState[] = [{ key: 'logRetentionDays', value: 90, defaultValue: 90, overridden: false }];
    const form = formFromState('moderation', state);
    form.drafts.logRetentionDays = '30';
    expect(formChanges('moderation', state, form)).toEqual({});
  });

  it('checks the changed settings', () => {
    const form = formFromState('ai', aiState);
    form.drafts.temperature = '5';
    expect(formErrors('ai', formChanges('ai', aiState, form), form)).toEqual({ temperature: CONFIG_MESSAGES.range(0, 2) });
  });

  it('tests AI with the unsaved values, a blank secret left to the server', () => {
    const form = formFromState('ai', aiState);
    form.drafts.endpointUrl = 'http://127.0.0.1:9999/v1';
    const config = formConfig('ai', form);
    expect(config.endpointUrl).toBe('http://127.0.0.1:9999/v1');
    expect(config).not.toHaveProperty('apiKey');
  });
});

describe('formatSettingValue', () => {
  it('shows values the way people read them', () => {
    expect(formatSettingValue(null)).toBe('default');
    expect(formatSettingValue([])).toBe('(none)');
    expect(formatSettingValue(true)).toBe('On');
    expect(formatSettingValue('de', def('general', 'language'))).toBe('Deutsch');
    expect(formatSettingValue('')).toBe('(empty)');
  });
});
