import { MESSAGES } from '@guildhall/contract';
import { useEffect } from 'react';
import { useGuildStats, useHealthOverview, useSystemPerformance, useUserStats } from '../../api/monitoring';
import { useLiveStatus } from '../../live/live-context';
import { Badge } from '../../ui/badge';
import { PageHeader } from '../../ui/page-header';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { QuickActions } from './quick-actions';
import { ServiceStatusGrid } from './service-status-grid';
import { StatCards } from './stat-cards';
import '../../styles/dashboard.css';

/** Toasts once each time the dashboard's figures start failing to load, not on every poll. */
function useLoadFailureToast() {
  const toast = useToast();
  const isFailing = [useHealthOverview(), useSystemPerformance(), useGuildStats(), useUserStats()].some((q) => q.isError);
  useEffect(() => {
    if (isFailing) toast.error(MESSAGES.loadDashboardFailed);
  }, [isFailing, toast]);
}

function LiveBadge() {
  const { state } = useLiveStatus();
  if (state === 'connected') {
    return (
      <Badge tone="good" dot="pulse" data-testid="live-badge">
        Live
      </Badge>
    );
  }
  return (
    <Badge tone="unknown" dot="static" data-testid="live-badge-off">
      {state === 'connecting' ? 'Connecting' : 'Offline'}
    </Badge>
  );
}

/** The admin dashboard (spec 1 §2): figures, service status, quick actions and the live badge. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  useLoadFailureToast();
  return (
    <div className="page">
      <PageHeader title="Dashboard" lead="Health and activity of the Guildhall platform">
        <LiveBadge />
      </PageHeader>
      <StatCards />
      <div className="dashboard-panels">
        <ServiceStatusGrid />
        <QuickActions />
      </div>
    </div>
  );
}
