const trim = (value: number) => value.toFixed(1).replace(/\.0$/, '');

/** Short numbers for charts and cards: 950, 1.2K, 3.4M (K from 1,000, M from 1,000,000). */
export function formatCompact(value: number): string {
  const size = Math.abs(value);
  if (size >= 1e6) return `${trim(value / 1e6)}M`;
  if (size >= 1e3) return `${trim(value / 1e3)}K`;
  return Number.isInteger(value) ? String(value) : trim(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** '0 B', '512 B', '1.5 KB', '2.3 MB' (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${trim(value)} ${BYTE_UNITS[unit]}`;
}

/** A 0-1 share as '45.6%'. */
export function formatShare(share: number): string {
  return `${trim(Math.min(1, Math.max(0, share)) * 100)}%`;
}
