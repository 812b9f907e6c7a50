import type { AdminScreen, InfluxEngine, InfluxLanguage } from '@guildhall/contract';
import { Bug } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../ui/query-state';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { DataExplorerTab } from './data-explorer-tab';
import { useInfluxStatus } from './influx-api';
import { InfluxSetup } from './influx-setup';
import { type ExplorerState, explorerQuery, INFLUX_TABS, type InfluxTab, influxTabQuery } from './influx-tabs';
import { engineSummary } from './language-name';
import { QueryTab } from './query-tab';
import { RetentionTab } from './retention-tab';
import { StatisticsTab } from './statistics-tab';
import '../../styles/influx.css';

const ID_PREFIX = 'influx';

/** The query the Query tab holds, and the language it is written in. */
export interface QueryDraft {
  query: string;
  language: InfluxLanguage;
  /** The bucket it reads (1.x: the database InfluxQL runs in); Guildhall's own when unset. */
  bucket?: string;
}

/**
 * The time-series manager (spec 2 §2) over the InfluxDB the bot writes to, 1.x or 2.x: explorer, query, statistics
 * and retention, the tab in ?tab=. Without an InfluxDB it says how to connect one; with one down, the server's
 * message and Retry.
 */
export function InfluxManagerPage({ screen }: { screen: AdminScreen }) {
  useDocumentTitle(screen.label);
  const status = useInfluxStatus();
  const engine = status.data?.configured ? status.data.engine : null;

  return (
    <div className="page influx">
      <header className="page__header">
        <div>
          <h1 className="page__title">{screen.label}</h1>
          <p className="page__lead" data-testid="influx-engine">
            {engine ? engineSummary(engine) : 'Explore, query and keep the time-series data the bot writes'}
          </p>
        </div>
        {engine && (
          <Link className="button button--secondary button--small" to="/admin/database/influxdb/debug">
            <Bug size={16} aria-hidden="true" />
            Debug interface
          </Link>
        )}
      </header>
      <QueryState query={status} loading="Connecting to InfluxDB..." errorTitle="InfluxDB is not answering" testId="influx">
        {(answer) => (answer.configured ? <InfluxTabs engine={answer.engine} /> : <InfluxSetup setup={answer.setup} />)}
      </QueryState>
    </div>
  );
}

function InfluxTabs({ engine }: { engine: InfluxEngine }) {
  const { query, set } = useUrlQuery(influxTabQuery);
  const explorer = useUrlQuery(explorerQuery);
  const tab = query.tab;
  const [draft, setDraft] = useState<QueryDraft>({ query: '', language: engine.defaultLanguage });
  // The explorer keeps its bucket, range and measurement in the URL; they are put back on returning to it.
  const explorerState = useRef<Partial<ExplorerState>>({});

  function handleTabChange(next: InfluxTab) {
    if (tab === 'explorer') explorerState.current = explorer.query;
    if (next === 'explorer') explorer.set(explorerState.current, { dropOthers: true });
    else set({ tab: next }, { dropOthers: true });
  }

  function handleGenerated(next: QueryDraft) {
    setDraft(next);
    handleTabChange('query');
  }

  return (
    <>
      <Tabs label="InfluxDB manager" tabs={INFLUX_TABS} active={tab} onChange={handleTabChange} idPrefix={ID_PREFIX} />
      <TabPanel idPrefix={ID_PREFIX} tab={tab} className="tab-panel influx__panel" testId={`influx-panel-${tab}`}>
        {tab === 'explorer' && <DataExplorerTab engine={engine} onGenerated={handleGenerated} />}
        {tab === 'query' && <QueryTab engine={engine} draft={draft} onDraftChange={setDraft} />}
        {tab === 'stats' && <StatisticsTab />}
        {tab === 'retention' && <RetentionTab />}
      </TabPanel>
    </>
  );
}
