/** The narrowest and widest a result column may be dragged. */
export const COLUMN_MIN_PX = 60;
export const COLUMN_MAX_PX = 1200;

/** Widths by what a column holds: a uuid whole on one line, a timestamp with its zone, numbers narrow. */
const WIDTH_BY_KIND = {
  uuid: 310,
  timestamp: 240,
  date: 120,
  time: 150,
  boolean: 90,
  integer: 110,
  decimal: 140,
  network: 170,
  json: 300,
  bytes: 230,
  shortText: 150,
  text: 260,
  array: 220,
  other: 200,
} as const;

type ColumnKind = keyof typeof WIDTH_BY_KIND;

/**
 * What a PostgreSQL type holds, from the name the server gives: `format_type` in the table browser ('timestamp
 * with time zone', 'character varying(64)', 'integer[]') or `pg_type.typname` in the query runner ('timestamptz',
 * 'varchar', '_int4').
 */
export function columnKind(type: string): ColumnKind {
  const name = type.trim().toLowerCase();
  if (name.endsWith('[]') || name.startsWith('_')) return 'array';
  if (name === 'uuid') return 'uuid';
  if (name.startsWith('timestamp')) return 'timestamp';
  if (name === 'date') return 'date';
  if (name.startsWith('time') || name === 'interval') return 'time';
  if (name === 'bool' || name === 'boolean') return 'boolean';
  if (/^(int[248]?|smallint|integer|bigint|oid|xid|serial\d?)$/.test(name)) return 'integer';
  if (/^(numeric|decimal|float[48]|real|double precision|money)/.test(name)) return 'decimal';
  if (/^(inet|cidr|macaddr8?)$/.test(name)) return 'network';
  if (name === 'json' || name === 'jsonb') return 'json';
  if (name === 'bytea') return 'bytes';
  const length = /^(?:character varying|varchar|character|char|bpchar)\((\d+)\)$/.exec(name);
  if (length) return Number(length[1]) <= 16 ? 'shortText' : 'text';
  if (/^(text|varchar|character varying|citext|name|character|char|bpchar)$/.test(name)) return 'text';
  return 'other';
}

/** Pixels a head needs for its name (bold, about 8 px a character) and the cell's padding, up to a text column. */
function nameWidth(name: string): number {
  return Math.min(name.length * 8 + 36, WIDTH_BY_KIND.text);
}

/** A result column's starting width: what its type holds, widened so its name is not cut. */
export function columnWidth(field: { name: string; type: string }): number {
  return Math.max(WIDTH_BY_KIND[columnKind(field.type)], nameWidth(field.name));
}
