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

/** A guild name as a file name part: 'Nightfall Raiders!' → 'nightfall-raiders'. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'guild';
}
