import { CPU_BANDS, HEALTH_THRESHOLDS } from './constants';

/** How a status reads at a glance: green, yellow, red or grey. */
export type StatusTone = 'good' | 'warn' | 'bad' | 'unknown';

/**
 * Service status icon rule (spec 1 §2): healthy or operational is green, degraded or warning yellow,
 * error or down red, anything else grey. "connected" counts as good too (spec 2 §4).
 */
export function statusTone(status: string | null | undefined): StatusTone {
  switch ((status ?? '').toLowerCase()) {
    case 'healthy':
    case 'operational':
    case 'connected':
      return 'good';
    case 'degraded':
    case 'warning':
      return 'warn';
    case 'error':
    case 'down':
      return 'bad';
    default:
      return 'unknown';
  }
}

/** CPU card colour (spec 1 §2): red above 80 %, yellow above 60 %, otherwise green. */
export function cpuTone(percent: number): 'good' | 'warn' | 'bad' {
  if (percent > CPU_BANDS.critical) return 'bad';
  if (percent > CPU_BANDS.warning) return 'warn';
  return 'good';
}

/** Overall system health as the live connection computes it. */
export type OverallHealth = 'healthy' | 'degraded' | 'warning' | 'critical';

/** What the overall-health rule looks at. */
export interface HealthInputs {
  cpuPercent: number;
  memoryPercent: number;
  databaseStatus: string;
  redisStatus: string;
}

/**
 * Overall health (spec 1 §4): critical if memory or cpu is above 90 %, warning above 80 %,
 * degraded if the database or redis health is error, otherwise healthy.
 */
export function overallHealth({ cpuPercent, memoryPercent, databaseStatus, redisStatus }: HealthInputs): OverallHealth {
  const peak = Math.max(cpuPercent, memoryPercent);
  if (peak > HEALTH_THRESHOLDS.critical) return 'critical';
  if (peak > HEALTH_THRESHOLDS.warning) return 'warning';
  if (statusTone(databaseStatus) === 'bad' || statusTone(redisStatus) === 'bad') return 'degraded';
  return 'healthy';
}

/**
 * Why the overall health is not healthy, in the words the dashboard and the sidebar show: each figure above the
 * warning line ("CPU 98 %", "Memory 91 %") and each backing service the rule counts that is down ("PostgreSQL
 * error"). Empty when healthy.
 */
export function healthReasons({ cpuPercent, memoryPercent, databaseStatus, redisStatus }: HealthInputs): string[] {
  const reasons: string[] = [];
  if (cpuPercent > HEALTH_THRESHOLDS.warning) reasons.push(`CPU ${Math.round(cpuPercent)} %`);
  if (memoryPercent > HEALTH_THRESHOLDS.warning) reasons.push(`Memory ${Math.round(memoryPercent)} %`);
  if (statusTone(databaseStatus) === 'bad') reasons.push(`PostgreSQL ${databaseStatus.toLowerCase()}`);
  if (statusTone(redisStatus) === 'bad') reasons.push(`Redis ${redisStatus.toLowerCase()}`);
  return reasons;
}

/** '30 s', '4 min', '2 h 5 min': how long a verdict has held. */
export function heldFor(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** 'CPU 98 % for 30 s': the reasons of a verdict and how long it has held, or null when there is none. */
export function healthReasonText(reasons: readonly string[], since: string | null | undefined, now = Date.now()): string | null {
  if (reasons.length === 0) return null;
  const started = since ? Date.parse(since) : Number.NaN;
  const held = Number.isFinite(started) ? ` for ${heldFor((now - started) / 1000)}` : '';
  return `${reasons.join(', ')}${held}`;
}

/** Bar colour by value (spec 2 §4): at 80 % of the maximum or more red, 50 % or more amber, else green. */
export function barTone(value: number, max: number): 'good' | 'warn' | 'bad' {
  const ratio = max > 0 ? value / max : 0;
  if (ratio >= 0.8) return 'bad';
  if (ratio >= 0.5) return 'warn';
  return 'good';
}
