import {
  ANALYTICS_RANGES,
  type AnalyticsRangeKey,
  analyticsGuildQuery,
  analyticsOverviewQuery,
  DEFAULT_ANALYTICS_RANGE,
  REGIONS,
} from '@guildhall/contract';
import { z } from 'zod';
import type { FilterField } from '../../ui/filter-bar';
import { urlQuerySearch } from '../../ui/use-url-query';

const RANGE_KEYS = ANALYTICS_RANGES.map((option) => option.key) as [AnalyticsRangeKey, ...AnalyticsRangeKey[]];

/**
 * What the Analytics screen keeps in its URL: the range, the overview's guild and region filters and the guild
 * page's raid count as their calls take them, and the guild whose page is open (`?guild=<id>`).
 */
export const analyticsQuery = z.object({
  guild: z.uuid().optional(),
  range: z.enum(RANGE_KEYS).default(DEFAULT_ANALYTICS_RANGE),
  guildId: analyticsOverviewQuery.shape.guildId,
  region: analyticsOverviewQuery.shape.region,
  raids: analyticsGuildQuery.shape.raids,
});
/** The screen's state, as the URL holds it. */
export type AnalyticsParams = z.output<typeof analyticsQuery>;

/** The screen's address for a state, defaults left out (the overview's and a guild page's links). */
export function analyticsHref(params: Partial<AnalyticsParams>): string {
  const search = urlQuerySearch(analyticsQuery, params).toString();
  return `/admin/analytics${search ? `?${search}` : ''}`;
}

/** The range picker of both pages (7 days to 1 year). */
export const RANGE_FILTER: FilterField<AnalyticsParams> = {
  kind: 'select',
  name: 'range',
  label: 'Range',
  options: ANALYTICS_RANGES.map((range) => ({ value: range.key, label: range.label })),
  testId: 'analytics-range',
};

/** The overview's filters: the range, the region and one guild (the console's guild picker). */
export const OVERVIEW_FILTERS: readonly FilterField<AnalyticsParams>[] = [
  RANGE_FILTER,
  {
    kind: 'select',
    name: 'region',
    label: 'Region',
    all: 'All regions',
    options: REGIONS.map((region) => ({ value: region, label: region })),
    testId: 'analytics-region',
  },
];

/** True when the overview is narrowed to a region or a guild, or looks at another range than the default. */
export const isOverviewFiltered = (params: AnalyticsParams) =>
  Boolean(params.region || params.guildId) || params.range !== DEFAULT_ANALYTICS_RANGE;
