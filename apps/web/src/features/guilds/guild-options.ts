import { GUILD_LANGUAGES, GUILD_TIMEZONES, LOOT_SYSTEMS } from '@guildhall/contract';

type Option<T extends string> = { value: T; label: string };

const LANGUAGE_NAMES: Record<(typeof GUILD_LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ru: 'Russian',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
};

const REGION_NAMES = { US: 'US (Americas)', EU: 'EU (Europe)', KR: 'KR (Korea)', CN: 'CN (China)' } as const;

/** 'Loot_Council' → 'Loot Council'. */
export const lootSystemLabel = (value: string) => value.replace(/_/g, ' ');

/** Language choices with their names. */
export const LANGUAGE_OPTIONS: Option<(typeof GUILD_LANGUAGES)[number]>[] = GUILD_LANGUAGES.map((value) => ({
  value,
  label: `${LANGUAGE_NAMES[value]} (${value})`,
}));

/** Time zone choices. */
export const TIMEZONE_OPTIONS: Option<(typeof GUILD_TIMEZONES)[number]>[] = GUILD_TIMEZONES.map((value) => ({
  value,
  label: value,
}));

/** Loot system choices. */
export const LOOT_SYSTEM_OPTIONS: Option<(typeof LOOT_SYSTEMS)[number]>[] = LOOT_SYSTEMS.map((value) => ({
  value,
  label: lootSystemLabel(value),
}));

/** Region names for the form's select. */
export const regionLabel = (region: keyof typeof REGION_NAMES) => REGION_NAMES[region];
