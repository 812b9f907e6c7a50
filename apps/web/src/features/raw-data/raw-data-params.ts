import { type RawColumn, type RawEntity, rawFilterParams } from '@guildhall/contract';

/** What the URL holds: the entity, the guild (id and name for the picker), the sort and the column filters. */
export interface RawViewParams {
  entity: string | null;
  guildId: string | null;
  guildName: string | null;
  sort: string | null;
  order: 'asc' | 'desc' | null;
  /** Filter parameters by their API names (`name`, `level_min`, `created_at_from`...), only non-empty ones. */
  filters: Record<string, string>;
}

const FIXED = new Set(['entity', 'guildId', 'guildName', 'sort', 'order']);

/** Reads the view from the URL; filters not in the entity's description are dropped. */
export function parseRawParams(params: URLSearchParams, entity: RawEntity | undefined): RawViewParams {
  const allowed = new Set(entity?.columns.flatMap((column) => rawFilterParams(column)) ?? []);
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!FIXED.has(key) && allowed.has(key) && value.trim() !== '') filters[key] = value;
  }
  const order = params.get('order');
  return {
    entity: params.get('entity'),
    guildId: params.get('guildId') || null,
    guildName: params.get('guildName') || null,
    sort: params.get('sort') || null,
    order: order === 'asc' || order === 'desc' ? order : null,
    filters,
  };
}

/** The view as URL parameters (empty values left out). */
export function rawSearchParams(view: RawViewParams): URLSearchParams {
  const params = new URLSearchParams();
  if (view.entity) params.set('entity', view.entity);
  if (view.guildId) {
    params.set('guildId', view.guildId);
    if (view.guildName) params.set('guildName', view.guildName);
  }
  if (view.sort) params.set('sort', view.sort);
  if (view.order) params.set('order', view.order);
  for (const [key, value] of Object.entries(view.filters)) if (value.trim() !== '') params.set(key, value);
  return params;
}

/** The API query of the view (without paging): guild, sort, order and the filters. */
export function rawApiQuery(view: RawViewParams): Record<string, string> {
  return {
    ...view.filters,
    ...(view.guildId ? { guildId: view.guildId } : {}),
    ...(view.sort ? { sort: view.sort } : {}),
    ...(view.order ? { order: view.order } : {}),
  };
}

/** A cell as text: null as an em dash, objects and arrays as compact JSON, the rest as they are. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Whether a column's values line up on the right (numbers). */
export const isNumberColumn = (column: RawColumn) => column.type === 'number';
