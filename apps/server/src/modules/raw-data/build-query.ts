import { findRawEntity, RAW_DATA_MESSAGES, type RawColumn, type RawEntity, type RawEntityName } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { escapeLike } from '../../services/db/like';
import { RAW_SOURCES, type RawSource } from './sources';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
/** Parameters of the request that are not column filters. */
const FIXED = new Set(['guildId', 'sort', 'order', 'after', 'limit', 'format']);

/** An entity with its SQL source, from a name the browser sent: 404 when it is not described. */
export function resolveEntity(name: string): { entity: RawEntity; source: RawSource } {
  const entity = findRawEntity(name);
  if (!entity) throw new AppError('NOT_FOUND', RAW_DATA_MESSAGES.unknownEntity(name));
  return { entity, source: RAW_SOURCES[entity.name as RawEntityName] };
}

/** A column's SQL, from the source (never from the request). */
export function columnSql(source: RawSource, column: RawColumn | string): string {
  const name = typeof column === 'string' ? column : column.name;
  return source.expressions?.[name] ?? `t."${name}"`;
}

/** One row as a JSON object text, keys in description order. */
export function rowJsonSql(entity: RawEntity, source: RawSource): string {
  return `json_build_object(${entity.columns.map((c) => `'${c.name}', ${columnSql(source, c)}`).join(', ')})::text`;
}

/** A query's WHERE parts and parameters, growing as filters are added. */
class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

function invalid(field: string, message: string): never {
  throw AppError.invalidField(field, message);
}

/** Adds one column filter's condition from the request's value. */
function addFilter(where: Conditions, source: RawSource, column: RawColumn, param: string, value: string) {
  const sql = columnSql(source, column);
  const cast = source.casts[column.name];
  switch (column.filter) {
    case 'contains':
      where.parts.push(`lower(${sql}) LIKE ${where.param(`%${escapeLike(value.toLowerCase())}%`)}`);
      return;
    case 'equals':
      if (cast === 'uuid' && !UUID.test(value)) {
        // No row has an id that is not a UUID: a clear empty answer, not a cast error.
        where.parts.push('false');
        return;
      }
      if (cast === 'bigint' && !/^\d{1,18}$/.test(value)) invalid(param, RAW_DATA_MESSAGES.invalidNumber(param));
      where.parts.push(`${sql} = ${where.param(value)}::${cast ?? 'text'}`);
      return;
    case 'enum':
      if (!column.values?.includes(value)) invalid(param, RAW_DATA_MESSAGES.invalidEnum(param, column.values ?? []));
      where.parts.push(`${sql} = ${where.param(value)}`);
      return;
    case 'boolean':
      if (value !== 'true' && value !== 'false') invalid(param, RAW_DATA_MESSAGES.invalidBoolean(param));
      where.parts.push(`${sql} = ${where.param(value === 'true')}`);
      return;
    case 'range': {
      const isLow = param.endsWith('_min') || param.endsWith('_from');
      const op = isLow ? '>=' : '<=';
      if (column.type === 'number') {
        if (!NUMBER.test(value)) invalid(param, RAW_DATA_MESSAGES.invalidNumber(param));
        // An integer column compared as integer keeps its index when the bound is a whole number.
        const type = cast && /^\d+$/.test(value.replace(/^-/, '')) ? cast : 'numeric';
        where.parts.push(`${sql} ${op} ${where.param(value)}::${type}`);
        return;
      }
      if (!(DAY.test(value) || TIME.test(value)) || Number.isNaN(Date.parse(value))) {
        invalid(param, RAW_DATA_MESSAGES.invalidDate(param));
      }
      // A day as the upper bound takes the whole day.
      if (!isLow && DAY.test(value)) where.parts.push(`${sql} < ${where.param(value)}::date + 1`);
      else where.parts.push(`${sql} ${op} ${where.param(value)}::timestamptz`);
      return;
    }
    default:
      invalid(param, RAW_DATA_MESSAGES.unknownParameter(source.from, param));
  }
}

/** The request's parameters as the list and the export read them. */
export interface RawRequest {
  guildId?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  after?: string;
  [filter: string]: unknown;
}

/** A planned read: FROM and WHERE (filters, guild), the order and the keyset's parts. */
export interface RawPlan {
  entity: RawEntity;
  source: RawSource;
  sort: string;
  order: 'asc' | 'desc';
  where: Conditions;
  /** Keyset parts in order: the sort column (unless it is the key's first part), then the key. */
  keyset: { sql: string; cast: string }[];
}

/** Checks every parameter against the description and plans the read. */
export function planRead(entityName: string, request: RawRequest): RawPlan {
  const { entity, source } = resolveEntity(entityName);
  const where = new Conditions();
  const byParam = new Map<string, RawColumn>();
  for (const column of entity.columns) {
    if (column.filter === 'range') {
      const [low, high] = column.type === 'date' ? ['_from', '_to'] : ['_min', '_max'];
      byParam.set(`${column.name}${low}`, column);
      byParam.set(`${column.name}${high}`, column);
    } else if (column.filter) {
      byParam.set(column.name, column);
    }
  }
  for (const [param, raw] of Object.entries(request)) {
    if (FIXED.has(param)) continue;
    const column = byParam.get(param);
    if (!column) invalid(param, RAW_DATA_MESSAGES.unknownParameter(entity.name, param));
    if (typeof raw !== 'string') invalid(param, RAW_DATA_MESSAGES.unknownParameter(entity.name, param));
    const value = raw.trim();
    if (value === '') continue;
    addFilter(where, source, column, param, value);
  }
  if (request.guildId) {
    where.parts.push(source.guild(where.param(request.guildId)));
  }
  const sort = request.sort || entity.defaultSort;
  const sortColumn = entity.columns.find((column) => column.name === sort);
  if (!sortColumn?.sortable) invalid('sort', RAW_DATA_MESSAGES.notSortable(entity.name, sort));
  const order = request.order ?? (request.sort ? 'asc' : entity.defaultOrder);
  const keyset = source.key.map((part) => ({ sql: columnSql(source, part.column), cast: part.cast }));
  if (source.key[0]?.column !== sort) {
    keyset.unshift({ sql: columnSql(source, sortColumn), cast: source.casts[sort] ?? 'text' });
  }
  return { entity, source, sort, order, where, keyset };
}

/** The opaque cursor: base64url of the sort, the order and the last row's keyset values. */
export function encodeCursor(plan: Pick<RawPlan, 'sort' | 'order'>, values: readonly string[]): string {
  return Buffer.from(JSON.stringify({ s: plan.sort, o: plan.order, v: values })).toString('base64url');
}

/** The keyset values a cursor holds, checked against the plan (same sort, order and number of parts). */
export function decodeCursor(plan: RawPlan, cursor: string): string[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    invalid('after', RAW_DATA_MESSAGES.invalidCursor);
  }
  const { s, o, v } = (decoded ?? {}) as { s?: unknown; o?: unknown; v?: unknown };
  const isValid =
    s === plan.sort &&
    o === plan.order &&
    Array.isArray(v) &&
    v.length === plan.keyset.length &&
    v.every((value) => typeof value === 'string' && value.length <= 500);
  if (!isValid) invalid('after', RAW_DATA_MESSAGES.invalidCursor);
  plan.keyset.forEach((part, i) => {
    if (part.cast === 'uuid' && !UUID.test(v[i] as string)) invalid('after', RAW_DATA_MESSAGES.invalidCursor);
    if ((part.cast === 'bigint' || part.cast === 'integer') && !/^-?\d{1,18}$/.test(v[i] as string)) {
      invalid('after', RAW_DATA_MESSAGES.invalidCursor);
    }
  });
  return v as string[];
}

/**
 * One keyset page's SQL: the plan's filters, rows after `after` in the plan's order, `limit` rows; selects the row
 * (`row` as JSON text, or one text per column `c0..` for CSV) and the keyset values `k0..` as text.
 */
export function pageSql(
  plan: RawPlan,
  after: readonly string[] | null,
  limit: number,
  select: 'json' | 'text',
): { sql: string; params: unknown[] } {
  const where = new Conditions();
  where.parts.push(...plan.where.parts);
  where.params.push(...plan.where.params);
  const direction = plan.order === 'desc' ? 'DESC' : 'ASC';
  if (after) {
    const left = plan.keyset.map((part) => part.sql).join(', ');
    const right = plan.keyset.map((part, i) => `${where.param(after[i])}::${part.cast}`).join(', ');
    where.parts.push(`(${left}) ${plan.order === 'desc' ? '<' : '>'} (${right})`);
  }
  const row =
    select === 'json'
      ? `${rowJsonSql(plan.entity, plan.source)} AS row`
      : plan.entity.columns.map((column, i) => `(${columnSql(plan.source, column)})::text AS c${i}`).join(', ');
  const keys = plan.keyset.map((part, i) => `(${part.sql})::text AS k${i}`).join(', ');
  const order = plan.keyset.map((part) => `${part.sql} ${direction}`).join(', ');
  const sql = `SELECT ${row}, ${keys} FROM ${plan.source.from}${
    where.parts.length > 0 ? ` WHERE ${where.parts.join(' AND ')}` : ''
  } ORDER BY ${order} LIMIT ${Math.floor(limit)}`;
  return { sql, params: where.params };
}
