import { type StatusTone, statusTone } from '@guildhall/contract';

/**
 * Health colour of the monitoring screens (spec 2 §4): healthy or connected good, warning or degraded amber, anything
 * else bad — except a service nobody configured, which is not a failure: grey, as on the dashboard.
 */
export function healthTone(status: string | null | undefined): StatusTone {
  if (status === 'not_configured') return 'unknown';
  const tone = statusTone(status);
  return tone === 'good' || tone === 'warn' ? tone : 'bad';
}
