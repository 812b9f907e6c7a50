/** Seconds a key still has to live, counted down from when the server read its TTL; never below zero. */
export function remainingTtl(ttl: number, readAt: number, now: number): number {
  if (ttl <= 0) return ttl;
  return Math.max(0, ttl - Math.floor(Math.max(0, now - readAt) / 1000));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A TTL as an operator reads it: '45s', '3m 05s', '2h 04m', '3d 07h'. */
export function ttlText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86_400)}d ${pad(Math.floor((s % 86_400) / 3600))}h`;
}

/**
 * A TTL field's text as whole seconds (spec 2 §5: the TTL is parsed as an integer), or null when it is not a
 * positive whole number.
 */
export function parseTtlSeconds(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const seconds = Number.parseInt(trimmed, 10);
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : null;
}
