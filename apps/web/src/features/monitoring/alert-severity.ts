import type { AlertSeverity } from '@guildhall/contract';
import type { BadgeTone } from '../../ui/badge';

/** The badge tone of each severity, as the recent alerts show it. */
export const SEVERITY_TONES: Record<AlertSeverity, BadgeTone> = {
  critical: 'bad',
  error: 'bad',
  warning: 'warn',
  info: 'neutral',
};
