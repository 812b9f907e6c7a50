import type { AdminScreen } from '@guildhall/contract';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { ConnectionStatsTab } from './connection-stats-tab';
import { DATABASE_TABS, type DatabaseTab, databaseTabQuery } from './database-tabs';
import { useDatabaseAccess } from './live-database';
import { MigrationsTab } from './migrations-tab';
import { QueryRunnerTab } from './query-runner-tab';
import { TableBrowserTab } from './table-browser-tab';
import '../../styles/database.css';

const ID_PREFIX = 'database';

/** The warnings about the database role Guildhall signs in as, above every tab (issue 25). */
function DatabaseAccessWarnings() {
  const { data } = useDatabaseAccess();
  if (!data || data.warnings.length === 0) return null;
  return (
    <div data-testid="database-access-warnings">
      {data.warnings.map((warning) => (
        <p key={warning} className="alert alert--warning" role="alert">
          {warning}
        </p>
      ))}
    </div>
  );
}

/** The relational database manager (spec 1 §2) over the database Guildhall runs on; the tab lives in ?tab=. */
export function DatabaseManagerPage({ screen }: { screen: AdminScreen }) {
  useDocumentTitle(screen.label);
  const { query, set } = useUrlQuery(databaseTabQuery);
  const tab = query.tab;

  function handleTabChange(next: DatabaseTab) {
    // The Table Browser keeps its schema and table in the URL; other tabs start clean.
    set({ tab: next }, { dropOthers: true });
  }

  return (
    <div className="page database">
      <header className="page__header">
        <div>
          <h1 className="page__title">{screen.label}</h1>
          <p className="page__lead">Browse, query and watch the database Guildhall runs on</p>
        </div>
      </header>
      <DatabaseAccessWarnings />
      <Tabs label="Database manager" tabs={DATABASE_TABS} active={tab} onChange={handleTabChange} idPrefix={ID_PREFIX} />
      <TabPanel idPrefix={ID_PREFIX} tab={tab} className="tab-panel database__panel" testId={`database-panel-${tab}`}>
        {tab === 'tables' && <TableBrowserTab />}
        {tab === 'query' && <QueryRunnerTab />}
        {tab === 'connections' && <ConnectionStatsTab />}
        {tab === 'migrations' && <MigrationsTab />}
      </TabPanel>
    </div>
  );
}
