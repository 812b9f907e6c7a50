/** The data view's tabs in order, with the names the spec gives them (spec 1 §2). */
export const GUILD_DATA_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'characters', label: 'Characters' },
  { id: 'loot', label: 'Loot Entries' },
  { id: 'raids', label: 'Raid Events' },
  { id: 'combat-logs', label: 'Combat Logs' },
  { id: 'discord', label: 'Discord Data' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'raw', label: 'Raw Data' },
] as const;

/** A tab of the data view, as it appears in ?tab=. */
export type GuildDataTab = (typeof GUILD_DATA_TABS)[number]['id'];

/** The tab named in the URL, or Overview for anything else. */
export function parseDataTab(value: string | null): GuildDataTab {
  return GUILD_DATA_TABS.find((tab) => tab.id === value)?.id ?? 'overview';
}
