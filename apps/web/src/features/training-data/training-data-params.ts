import { SAMPLE_SORTS, type SampleType, TRAINING_DATA_LIMITS } from '@guildhall/contract';
import type { SampleListFilters } from '../../api/training-data';

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

const TAB_IDS = new Set<string>(TRAINING_TABS.map((tab) => tab.id));
const SORTS = new Set<string>(SAMPLE_SORTS);

/** Which tab the URL opens: `tab`, else the list of `type` (the Agent Logs link), else Statistics. */
export function tabOf(params: URLSearchParams): TrainingTab {
  const tab = params.get('tab') ?? '';
  if (TAB_IDS.has(tab)) return tab as TrainingTab;
  const type = params.get('type');
  return type === 'memory' || type === 'intent' ? type : 'statistics';
}

/** The verified filter's choices. */
export type VerifiedFilter = 'all' | 'verified' | 'unverified';
/** The shouldRespond filter's choices. */
export type RespondFilter = 'all' | 'true' | 'false';

/** The list filters as the form shows them. */
export interface SampleListState {
  page: number;
  verified: VerifiedFilter;
  /** The minimum quality as typed: a number from 0 to 1, or empty for none. */
  minQuality: string;
  shouldRespond: RespondFilter;
  provider: string;
  sortBy: (typeof SAMPLE_SORTS)[number];
  sortOrder: 'asc' | 'desc';
}

/** The list state in the URL; what is missing takes its default (minimum quality 0.5, newest first). */
export function listStateOf(params: URLSearchParams): SampleListState {
  const verified = params.get('verified');
  const respond = params.get('shouldRespond');
  const sortBy = params.get('sortBy') ?? '';
  return {
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    verified: verified === 'verified' || verified === 'unverified' ? verified : 'all',
    minQuality: minQualityFromUrl(params.get('minQuality') ?? String(TRAINING_DATA_LIMITS.defaultMinQuality)),
    shouldRespond: respond === 'true' || respond === 'false' ? respond : 'all',
    provider: params.get('provider') ?? '',
    sortBy: SORTS.has(sortBy) ? (sortBy as SampleListState['sortBy']) : 'timestamp',
    sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : 'desc',
  };
}

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
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...(state.verified !== 'all' && { verified: state.verified === 'verified' ? 'true' : 'false' }),
    ...(parseMinQuality(state.minQuality) !== undefined && { minQuality: parseMinQuality(state.minQuality) }),
    ...(type === 'intent' && state.shouldRespond !== 'all' && { shouldRespond: state.shouldRespond }),
    ...(state.provider.trim() && { provider: state.provider.trim() }),
  } as SampleListFilters;
}

/** The URL parameters of a list state: defaults are left out so a plain link stays plain. */
export function listParamsOf(state: SampleListState): Record<string, string> {
  const entries: [string, string][] = [
    ['page', state.page > 1 ? String(state.page) : ''],
    ['verified', state.verified === 'all' ? '' : state.verified],
    ['minQuality', state.minQuality === String(TRAINING_DATA_LIMITS.defaultMinQuality) ? '' : state.minQuality || 'none'],
    ['shouldRespond', state.shouldRespond === 'all' ? '' : state.shouldRespond],
    ['provider', state.provider],
    ['sortBy', state.sortBy === 'timestamp' ? '' : state.sortBy],
    ['sortOrder', state.sortOrder === 'desc' ? '' : state.sortOrder],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value));
}

/** 'none' in the URL keeps an emptied minimum quality empty (its absence means the default 0.5). */
export function minQualityFromUrl(value: string): string {
  return value === 'none' ? '' : value;
}
