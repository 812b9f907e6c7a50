import { SLOW_QUERY_MS } from '@guildhall/contract';

/** Slow query duration colour (spec 2 §4): over 1000 ms red, over 500 ms amber, otherwise green. */
export function durationTone(ms: number): 'good' | 'warn' | 'bad' {
  if (ms > SLOW_QUERY_MS.red) return 'bad';
  if (ms > SLOW_QUERY_MS.amber) return 'warn';
  return 'good';
}
