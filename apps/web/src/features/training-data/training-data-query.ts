import { SAMPLE_TYPES, type SampleType, sampleListQuery, TRAINING_DATA_LIMITS } from '@guildhall/contract';
import { z } from 'zod';
import type { SampleListFilters } from '../../api/training-data';
import { tabIds } from '../../ui/use-url-query';

/** The screen's tabs, in order; the id is the `tab` of the URL. */
export const TRAINING_TABS = [
  { id: 'statistics', label: 'Statistics' },
  { id: 'memory', label: 'Memory samples' },
  { id: 'intent', label: 'Intent samples' },
  { id: 'review', label: 'Review queue' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'export', label: 'Export' },
] as const;
/** One tab of the Training Data screen. */
export type TrainingTab = (typeof TRAINING_TABS)[number]['id'];

/** The verified filter's choices. */
export type VerifiedFilter = 'all' | 'verified' | 'unverified';
/** The shouldRespond filter's choices. */
export type RespondFilter = 'all' | 'true' | 'false';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The minimum quality's default; 'none' in the URL keeps an emptied field empty (its absence means this). */
const DEFAULT_MIN_QUALITY = String(TRAINING_DATA_LIMITS.defaultMinQuality);

/** A sample list's filters as the form shows them; the page, its size, provider and sort as the list call takes them. */
export const sampleListUrlQuery = z.object({
  page: sampleListQuery.shape.page,
  limit: sampleListQuery.shape.limit,
  verified: z.enum(['all', 'verified', 'unverified']).default('all'),
  /** The minimum quality as typed: a number from 0 to 1, or 'none'. */
  minQuality: z.string().trim().max(20).default(DEFAULT_MIN_QUALITY),
  shouldRespond: z.enum(['all', 'true', 'false']).default('all'),
  provider: sampleListQuery.shape.provider,
  sortBy: sampleListQuery.shape.sortBy,
  sortOrder: sampleListQuery.shape.sortOrder,
});

/**
 * What the screen keeps in its URL: the tab (else the list of the linked sample's `type`, the Agent Logs link), the
 * linked sample, the days of the statistics and analytics range ('YYYY-MM-DD', local) and the sample list's filters.
 */
export const trainingDataQuery = z
  .object({
    tab: tabIds(TRAINING_TABS).optional(),
    type: z.enum(SAMPLE_TYPES).optional(),
    sample: z.string().trim().max(100).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .extend(sampleListUrlQuery.shape);
/** The screen's state, as the URL holds it. */
export type TrainingDataParams = z.output<typeof trainingDataQuery>;

/** Which tab the URL opens: `tab`, else the list of `type`, else Statistics. */
export const tabOf = (state: Pick<TrainingDataParams, 'tab' | 'type'>): TrainingTab => state.tab ?? state.type ?? 'statistics';

/** The list filters as the form shows them (an emptied minimum quality as empty text). */
export type SampleListState = Omit<z.output<typeof sampleListUrlQuery>, 'provider'> & { provider: string };

/** The list state of the URL's state. */
export const listStateOf = (state: TrainingDataParams): SampleListState => ({
  page: state.page,
  limit: state.limit,
  verified: state.verified,
  minQuality: state.minQuality === 'none' ? '' : state.minQuality,
  shouldRespond: state.shouldRespond,
  provider: state.provider ?? '',
  sortBy: state.sortBy,
  sortOrder: state.sortOrder,
});

/** A change of the list in the URL's words: an emptied minimum quality as 'none'. */
export const listUrlChange = (change: Partial<SampleListState>): Partial<TrainingDataParams> =>
  change.minQuality === '' ? { ...change, minQuality: 'none' } : change;

/** Every list filter back to its default: another tab starts its list plain. */
export const NO_LIST_FILTERS = Object.fromEntries(
  Object.keys(sampleListUrlQuery.shape).map((key) => [key, undefined]),
) as Partial<TrainingDataParams>;

/** A minimum quality the server accepts, or undefined when the text is empty or out of 0..1. */
export function parseMinQuality(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : undefined;
}

/** The query of the list call for a state; shouldRespond only for intent samples, empty fields omitted. */
export function listQueryOf(type: SampleType, state: SampleListState): SampleListFilters {
  return {
    page: state.page,
    limit: state.limit,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...(state.verified !== 'all' && { verified: state.verified === 'verified' ? 'true' : 'false' }),
    ...(parseMinQuality(state.minQuality) !== undefined && { minQuality: parseMinQuality(state.minQuality) }),
    ...(type === 'intent' && state.shouldRespond !== 'all' && { shouldRespond: state.shouldRespond }),
    ...(state.provider.trim() && { provider: state.provider.trim() }),
  } as SampleListFilters;
}
