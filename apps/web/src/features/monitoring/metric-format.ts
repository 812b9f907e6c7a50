import type { MetricUnit } from '@guildhall/contract';
import { formatBytes, formatCompact } from '../../ui/format-number';

/** A metric's value as its unit reads: '42.3%', '12 ms', '1.5 s', '2.3 MB', '12.5/s', '1.2K', '0.42'. */
export function formatMetric(value: number | null | undefined, unit: MetricUnit): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  switch (unit) {
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'ms':
      return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
    case 'bytes':
      return formatBytes(value);
    case 'per_second':
      // Quiet routes run at a fraction of a request a second: two decimals keep 0.03/s from reading as 0.
      return `${value < 10 ? value.toFixed(2) : formatCompact(Number(value.toFixed(1)))}/s`;
    case 'load':
      return value.toFixed(2);
    case 'count':
      return formatCompact(Math.round(value));
  }
}

/** How long something has been up: '45s', '12m', '3h 20m', '5d 4h'. */
export function formatUptime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.floor(seconds);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${s}s`;
}
