import { type AnalyticsRangeKey, analyticsApi, analyticsRangeBounds, type Region } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint';

/** The platform figures' filters as the screen keeps them in its URL. */
export interface AnalyticsFilters {
  range: AnalyticsRangeKey;
  guildId?: string;
  region?: Region;
}

/** Query keys of the analytics. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (filters: AnalyticsFilters, day: string) => [...analyticsKeys.all, 'overview', filters, day] as const,
  guild: (id: string, range: AnalyticsRangeKey, raids: number, day: string) =>
    [...analyticsKeys.all, 'guild', id, { range, raids }, day] as const,
};

/** The picker's range as the API's from/to (whole UTC days up to today), stable through the day. */
function bounds(range: AnalyticsRangeKey) {
  const { from, to } = analyticsRangeBounds(range);
  return { from, to, day: to.slice(0, 10) };
}

/** The platform figures for a range, guild and region; the previous figures stay while new ones load. */
export function useAnalyticsOverview(filters: AnalyticsFilters) {
  const { from, to, day } = bounds(filters.range);
  return useQuery({
    queryKey: analyticsKeys.overview(filters, day),
    queryFn: ({ signal }) =>
      callEndpoint(analyticsApi.overview, {
        query: { from, to, guildId: filters.guildId, region: filters.region },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One guild's roster, attendance over its latest `raids` raids, loot fairness and activity. */
export function useGuildAnalytics(id: string, range: AnalyticsRangeKey, raids: number) {
  const { from, to, day } = bounds(range);
  return useQuery({
    queryKey: analyticsKeys.guild(id, range, raids, day),
    queryFn: ({ signal }) => callEndpoint(analyticsApi.guild, { params: { id }, query: { from, to, raids }, signal }),
    placeholderData: keepPreviousData,
  });
}
