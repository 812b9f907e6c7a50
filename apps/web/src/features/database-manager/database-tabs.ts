import type { TabItem } from '../../ui/tabs';
import { tabQuery } from '../../ui/use-url-query';

/** The PostgreSQL manager's tabs, in order; the first is the default and leaves ?tab= out. */
export const DATABASE_TABS = [
  { id: 'tables', label: 'Table Browser' },
  { id: 'query', label: 'Query Runner' },
  { id: 'connections', label: 'Connection Stats' },
  { id: 'migrations', label: 'Migrations' },
] as const satisfies readonly TabItem<string>[];

/** One of the manager's tabs. */
export type DatabaseTab = (typeof DATABASE_TABS)[number]['id'];

/** The manager's ?tab=, else the Table Browser. */
export const databaseTabQuery = tabQuery(DATABASE_TABS);
