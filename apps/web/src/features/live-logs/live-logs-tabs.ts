import type { TabItem } from '../../ui/tabs';

/** The log screen's tabs, in order; the first is the default and leaves ?tab= out. */
export const LOG_TABS = [
  { id: 'tail', label: 'Live Tail' },
  { id: 'search', label: 'Search' },
  { id: 'files', label: 'Files' },
] as const satisfies readonly TabItem<string>[];

/** One of the log screen's tabs. */
export type LogTab = (typeof LOG_TABS)[number]['id'];
