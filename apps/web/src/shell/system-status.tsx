import { healthReasonText, MESSAGES } from '@guildhall/contract';
import { HEALTH_TONES, useHealthVerdict } from '../live/use-health-verdict';

/**
 * The sidebar's status line: "System Online" while the overall health is healthy (spec 1 §2), else the verdict
 * the dashboard shows, with its reasons as the title: both read the server's one verdict (`useHealthVerdict`), so
 * the two never disagree (issue 29). Before the first sample it says what the spec says.
 */
export function SystemStatus() {
  const verdict = useHealthVerdict();
  const overall = verdict?.overall ?? 'healthy';
  const tone = HEALTH_TONES[overall];
  const label = overall === 'healthy' ? MESSAGES.systemOnline : `System ${overall.charAt(0).toUpperCase()}${overall.slice(1)}`;
  const why = verdict ? healthReasonText(verdict.reasons, verdict.overallSince) : null;
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
