/** The search's quick ranges: from that long ago up to now. */
export const QUICK_RANGES = [
  { id: '15m', label: 'Last 15 min', ms: 15 * 60_000 },
  { id: '1h', label: 'Last 1 h', ms: 3_600_000 },
  { id: '24h', label: 'Last 24 h', ms: 24 * 3_600_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 24 * 3_600_000 },
] as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as a datetime-local input holds it: local time to the minute, 'YYYY-MM-DDTHH:mm'. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO time; undefined when empty or no time. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Why a range cannot be searched, or null. */
export function rangeProblem(from: string, to: string): string | null {
  const start = fromLocalInput(from);
  const end = fromLocalInput(to);
  if (start && end && start >= end) return 'From must be before To';
  return null;
}
