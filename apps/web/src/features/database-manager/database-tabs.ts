import type { TabItem } from '../../ui/tabs';

/** The PostgreSQL manager's tabs, in order; the first is the default and leaves ?tab= out. */
export const DATABASE_TABS = [
  { id: 'tables', label: 'Table Browser' },
  { id: 'query', label: 'Query Runner' },
  { id: 'connections', label: 'Connection Stats' },
  { id: 'migrations', label: 'Migrations' },
] as const satisfies readonly TabItem<string>[];

/** One of the manager's tabs. */
export type DatabaseTab = (typeof DATABASE_TABS)[number]['id'];

/** The tab a ?tab= value names, else the Table Browser. */
export function parseDatabaseTab(value: string | null): DatabaseTab {
  return DATABASE_TABS.find((tab) => tab.id === value)?.id ?? 'tables';
}
