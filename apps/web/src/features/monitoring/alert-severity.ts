import type { AlertSeverity, DeliveryStatus } from '@guildhall/contract';
import type { BadgeTone } from '../../ui/badge';

/** The badge tone of each severity, as the recent alerts show it. */
export const SEVERITY_TONES: Record<AlertSeverity, BadgeTone> = {
  critical: 'bad',
  error: 'bad',
  warning: 'warn',
  info: 'neutral',
};

/** The badge tone of a delivery's outcome. */
export const DELIVERY_TONES: Record<DeliveryStatus, BadgeTone> = { sent: 'good', failed: 'bad', pending: 'warn' };
