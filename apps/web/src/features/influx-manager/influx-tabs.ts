import type { TabItem } from '../../ui/tabs';

/** The InfluxDB manager's tabs (spec 2 §2), in order; the first is the default and leaves ?tab= out. */
export const INFLUX_TABS = [
  { id: 'explorer', label: 'Data Explorer' },
  { id: 'query', label: 'Query' },
  { id: 'stats', label: 'Statistics' },
  { id: 'retention', label: 'Retention' },
] as const satisfies readonly TabItem<string>[];

/** One of the manager's tabs. */
export type InfluxTab = (typeof INFLUX_TABS)[number]['id'];

/** The tab a ?tab= value names, else the Data Explorer. */
export function parseInfluxTab(value: string | null): InfluxTab {
  return INFLUX_TABS.find((tab) => tab.id === value)?.id ?? 'explorer';
}
