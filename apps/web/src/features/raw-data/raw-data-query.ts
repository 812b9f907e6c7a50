import { RAW_DATA_PAGE_SIZE, type RawEntity, rawDataListQuery, rawFilterParams } from '@guildhall/contract';
import { z } from 'zod';
import { pageSizeField } from '../../ui/page-size';

const list = rawDataListQuery.shape;
/** A column filter's value, as the list call's catch-all takes it. */
const filterValue = rawDataListQuery.def.catchall as z.ZodString;

/** The entity in view (`?entity=`): it decides which column filters the URL may hold. */
export const rawEntityQuery = z.object({ entity: z.string().optional() });

/**
 * What the URL holds for one entity: the entity, the guild (id, and name for the picker), the sort, the page size
 * (one of the kit's, the list call's `limit`) and the column filters its description offers (`name`, `level_min`,
 * `created_at_from`...), each as the list call takes it.
 */
export function rawViewQuery(entity: RawEntity) {
  const filters = Object.fromEntries(entity.columns.flatMap(rawFilterParams).map((param) => [param, filterValue.optional()]));
  return rawEntityQuery.extend({
    guildId: list.guildId,
    guildName: z.string().optional(),
    sort: list.sort,
    order: list.order,
    limit: pageSizeField(RAW_DATA_PAGE_SIZE),
    ...filters,
  });
}
/** One entity's view as the URL holds it. */
export type RawView = z.output<ReturnType<typeof rawViewQuery>> & Record<string, string | number | undefined>;

/** The view's column filters by their API names, only the ones set. */
export function rawFilters(entity: RawEntity, view: RawView): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const param of entity.columns.flatMap(rawFilterParams)) {
    const value = view[param];
    if (value) filters[param] = String(value);
  }
  return filters;
}

/** The API query of the view (without paging, as the export takes it too): guild, sort, order and the filters. */
export function rawApiQuery(entity: RawEntity, view: RawView): Record<string, string> {
  return {
    ...rawFilters(entity, view),
    ...(view.guildId ? { guildId: view.guildId } : {}),
    ...(view.sort ? { sort: view.sort } : {}),
    ...(view.order ? { order: view.order } : {}),
  };
}

/** Every column filter of the entity cleared, for a change that starts its filters over. */
export const noRawFilters = (entity: RawEntity): Record<string, undefined> =>
  Object.fromEntries(entity.columns.flatMap(rawFilterParams).map((param) => [param, undefined]));
