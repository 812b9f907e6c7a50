import { PageHeader } from '../../ui/page-header';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { tabQuery, useUrlQuery } from '../../ui/use-url-query';
import { AlertsTable } from './alerts-table';
import { ContactPointsPanel } from './contact-points-panel';
import { MaintenanceWindowsPanel } from './maintenance-windows-panel';
import { SilencesPanel } from './silences-panel';
import '../../styles/monitoring.css';
import '../../styles/alerts.css';

const ALERTS_TABS = [
  { id: 'alerts', label: 'Alerts' },
  { id: 'contact-points', label: 'Contact points' },
  { id: 'silences', label: 'Silences' },
  { id: 'windows', label: 'Maintenance windows' },
] as const;
const alertsTabQuery = tabQuery(ALERTS_TABS);
const ID_PREFIX = 'alerts';

/**
 * /admin/monitoring/alerts: the alerts (muted ones marked), where they are sent (contact points and their routing by
 * severity and rule), silences and weekly maintenance windows; the tab is in ?tab=.
 */
export function AlertsPage() {
  useDocumentTitle('Alerts');
  const { query, set } = useUrlQuery(alertsTabQuery);
  const tab = query.tab;
  return (
    <div className="page monitoring-page">
      <PageHeader title="Alerts" lead="What fired, who hears of it, and when delivery is muted" />
      <div>
        <Tabs
          label="Alerts"
          tabs={ALERTS_TABS}
          active={tab}
          onChange={(next) => set({ tab: next }, { dropOthers: true })}
          idPrefix={ID_PREFIX}
        />
        <TabPanel idPrefix={ID_PREFIX} tab={tab} className="tab-panel" testId={`alerts-panel-${tab}`}>
          {tab === 'alerts' && <AlertsTable />}
          {tab === 'contact-points' && <ContactPointsPanel />}
          {tab === 'silences' && <SilencesPanel />}
          {tab === 'windows' && <MaintenanceWindowsPanel />}
        </TabPanel>
      </div>
    </div>
  );
}
