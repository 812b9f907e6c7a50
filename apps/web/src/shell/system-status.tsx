import { healthReasonText, MESSAGES, type OverallHealth } from '@guildhall/contract';
import { useLiveData } from '../live/live-context';

const TONES: Record<OverallHealth, 'good' | 'warn' | 'bad'> = {
  healthy: 'good',
  degraded: 'warn',
  warning: 'warn',
  critical: 'bad',
};

/**
 * The sidebar's status line: "System Online" while the overall health is healthy (spec 1 §2), else the verdict
 * the dashboard shows, with its reasons as the title, so the two never disagree (issue 29). It follows the live
 * metrics feed; before the first sample it says what the spec says.
 */
export function SystemStatus() {
  const { latestMetrics } = useLiveData();
  const overall = latestMetrics?.overall ?? 'healthy';
  const tone = TONES[overall];
  const label = overall === 'healthy' ? MESSAGES.systemOnline : `System ${overall.charAt(0).toUpperCase()}${overall.slice(1)}`;
  const why = latestMetrics ? healthReasonText(latestMetrics.reasons, latestMetrics.overallSince) : null;
  return (
    <span
      className={`sidebar__status sidebar__status--${tone}`}
      data-testid="system-online"
      data-health={overall}
      title={why ? `${label}: ${why}` : label}
    >
      <span className={`status-dot status-dot--${tone}`} aria-hidden="true" />
      <span className="sidebar__label">{label}</span>
    </span>
  );
}
