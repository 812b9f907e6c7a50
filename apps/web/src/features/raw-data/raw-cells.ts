import type { RawColumn } from '@guildhall/contract';

/** A cell as text: null as an em dash, objects and arrays as compact JSON, the rest as they are. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Whether a column's values line up on the right (numbers). */
export const isNumberColumn = (column: RawColumn) => column.type === 'number';
