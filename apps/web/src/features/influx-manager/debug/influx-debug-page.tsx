import type { AdminScreen, InfluxLanguage } from '@guildhall/contract';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { type TabItem, TabPanel, Tabs } from '../../../ui/tabs';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { tabQuery, useUrlQuery } from '../../../ui/use-url-query';
import { ConnectionStatusCard } from './connection-status-card';
import type { DebugConnection } from './debug-state';
import { DebugStatisticsTab } from './debug-statistics-tab';
import { LiveStreamTab } from './live-stream-tab';
import { QueryBuilderTab } from './query-builder-tab';
import { useInfluxDebug } from './use-influx-debug';
import '../../../styles/influx.css';

const TABS = [
  { id: 'query', label: 'Query Builder' },
  { id: 'stream', label: 'Live Stream' },
  { id: 'stats', label: 'Statistics' },
] as const satisfies readonly TabItem<string>[];
type DebugTab = (typeof TABS)[number]['id'];
const debugTabQuery = tabQuery(TABS);

const ID_PREFIX = 'influx-debug';

const CHIP: Record<DebugConnection, { tone: 'good' | 'warn' | 'bad'; label: string }> = {
  connected: { tone: 'good', label: 'Connected' },
  connecting: { tone: 'warn', label: 'Connecting' },
  disconnected: { tone: 'bad', label: 'Disconnected' },
  error: { tone: 'bad', label: 'Error' },
};

/**
 * The time-series debug interface (spec 2 §2) over the /influx-debug socket: connection status, quick and custom
 * queries, a live stream of new points and the data's statistics. The tab lives in ?tab=.
 */
export function InfluxDebugPage({ screen }: { screen: AdminScreen }) {
  const title = `${screen.label} Debug Interface`;
  useDocumentTitle(title);
  const debug = useInfluxDebug();
  const { query: url, set } = useUrlQuery(debugTabQuery);
  const tab = url.tab;
  const [query, setQuery] = useState('');
  const languages = debug.health?.languages ?? [];
  const [chosenLanguage, setChosenLanguage] = useState<InfluxLanguage | null>(null);
  const language = chosenLanguage && languages.includes(chosenLanguage) ? chosenLanguage : (languages[0] ?? 'influxql');
  const chip = CHIP[debug.connection];

  function handleTabChange(next: DebugTab) {
    set({ tab: next }, { dropOthers: true });
  }

  function handleFillQuery(text: string) {
    setQuery(text);
    set({ tab: 'query' }, { dropOthers: true });
  }

  return (
    <div className="page influx influx-debug">
      <header className="page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          <p className="page__lead">Live queries and streams over the InfluxDB the bot writes to</p>
        </div>
        <Badge tone={chip.tone} dot={debug.connection === 'connected' ? 'pulse' : 'static'} data-testid="influx-debug-chip">
          {chip.label}
        </Badge>
      </header>
      {debug.connectionError && debug.connection !== 'connected' && (
        <p className="alert alert--error" role="alert" data-testid="influx-debug-connection-error">
          {debug.connectionError}
        </p>
      )}
      <ConnectionStatusCard
        health={debug.health}
        onRefresh={debug.refreshHealth}
        isConnected={debug.connection === 'connected'}
      />
      <Tabs label="Debug interface" tabs={TABS} active={tab} onChange={handleTabChange} idPrefix={ID_PREFIX} />
      <TabPanel idPrefix={ID_PREFIX} tab={tab} className="tab-panel influx-debug__panel" testId={`influx-debug-panel-${tab}`}>
        {tab === 'query' && (
          <QueryBuilderTab
            debug={debug}
            query={query}
            onQueryChange={setQuery}
            language={language}
            onLanguageChange={setChosenLanguage}
          />
        )}
        {tab === 'stream' && <LiveStreamTab debug={debug} />}
        {tab === 'stats' && <DebugStatisticsTab debug={debug} language={language} onFillQuery={handleFillQuery} />}
      </TabPanel>
    </div>
  );
}
