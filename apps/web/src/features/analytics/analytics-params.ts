import {
  ANALYTICS_RAIDS,
  ANALYTICS_RANGES,
  type AnalyticsRangeKey,
  DEFAULT_ANALYTICS_RANGE,
  REGIONS,
  type Region,
} from '@guildhall/contract';

/** What the Analytics screen keeps in its URL: the filters, and the guild whose page is open. */
export interface AnalyticsParams {
  range: AnalyticsRangeKey;
  /** The overview's guild filter. */
  guildId?: string;
  region?: Region;
  /** The per-guild page in view (`?guild=<id>`). */
  guild?: string;
  raids: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the URL; anything not understood falls back to the default. */
export function parseAnalyticsParams(params: URLSearchParams): AnalyticsParams {
  const range = ANALYTICS_RANGES.find((option) => option.key === params.get('range'))?.key ?? DEFAULT_ANALYTICS_RANGE;
  const region = REGIONS.find((option) => option === params.get('region'));
  const guildId = params.get('guildId') ?? '';
  const guild = params.get('guild') ?? '';
  const raids = Number(params.get('raids'));
  return {
    range,
    region,
    guildId: UUID.test(guildId) ? guildId : undefined,
    guild: UUID.test(guild) ? guild : undefined,
    raids: Number.isInteger(raids) && raids >= 1 && raids <= ANALYTICS_RAIDS.max ? raids : ANALYTICS_RAIDS.default,
  };
}

/** The URL search of a set of params, leaving the defaults out. */
export function analyticsSearch(params: AnalyticsParams): string {
  const search = new URLSearchParams();
  if (params.guild) search.set('guild', params.guild);
  if (params.range !== DEFAULT_ANALYTICS_RANGE) search.set('range', params.range);
  if (params.guildId) search.set('guildId', params.guildId);
  if (params.region) search.set('region', params.region);
  if (params.raids !== ANALYTICS_RAIDS.default) search.set('raids', String(params.raids));
  const text = search.toString();
  return text ? `?${text}` : '';
}
