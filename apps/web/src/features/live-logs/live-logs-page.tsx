import { PageHeader } from '../../ui/page-header';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { tabQuery, useUrlQuery } from '../../ui/use-url-query';
import { FilesTab } from './files-tab';
import { LOG_TABS, type LogTab } from './live-logs-tabs';
import { LiveTailTab } from './live-tail-tab';
import { LogStatsCard } from './log-stats-card';
import { SearchTab } from './search-tab';
import '../../styles/live-logs.css';

const ID_PREFIX = 'live-logs';
const logTabQuery = tabQuery(LOG_TABS);

/**
 * Live Logs (/admin/monitoring/logs, also /admin/logs): counts by level, then the live tail, a search over the log
 * files and the files themselves; the tab is in ?tab=.
 */
export function LiveLogsPage() {
  useDocumentTitle('Live Logs');
  const { query, set } = useUrlQuery(logTabQuery);
  const tab = query.tab;

  // Each tab starts afresh: another tab's state does not follow into the URL.
  function selectTab(next: LogTab) {
    set({ tab: next }, { dropOthers: true });
  }

  return (
    <div className="page live-logs">
      <PageHeader
        title="Live Logs"
        lead="The server's log lines as they are written, a search over its log files, and the files"
      />
      <LogStatsCard />
      <div>
        <Tabs label="Logs" tabs={LOG_TABS} active={tab} onChange={selectTab} idPrefix={ID_PREFIX} />
        <TabPanel idPrefix={ID_PREFIX} tab={tab} className="tab-panel live-logs__panel" testId={`logs-panel-${tab}`}>
          {tab === 'tail' && <LiveTailTab />}
          {tab === 'search' && <SearchTab />}
          {tab === 'files' && <FilesTab />}
        </TabPanel>
      </div>
    </div>
  );
}
