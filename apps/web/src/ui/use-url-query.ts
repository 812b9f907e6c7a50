import { useCallback, useMemo } from 'react';
import type { NavigateOptions } from 'react-router';
import { z } from 'zod';
import { useLiveSearchParams } from './use-live-search-params';

/** A screen's query schema: the contract's list query (or a screen's extension of it), an object of fields. */
type QuerySchema = z.ZodObject;

/** The wrappers a field's own type sits in: a default, optional or nullable value, a coercion's pipe. */
const WRAPPERS = new Set(['default', 'prefault', 'optional', 'nullable', 'readonly', 'catch']);

/** Whether a field holds a list (repeated in the URL: `?role=a&role=b`). */
function isList(field: z.ZodType): boolean {
  let def = field.def as { type: string; innerType?: z.ZodType };
  while (WRAPPERS.has(def.type) && def.innerType) def = def.innerType.def as typeof def;
  return def.type === 'array';
}

/** Each field's value when the URL does not hold it (its default, or undefined). */
function defaultsOf(schema: QuerySchema): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(undefined);
    defaults[key] = parsed.success ? parsed.data : undefined;
  }
  return defaults;
}

/**
 * The query a URL holds, read with the schema field by field: a value that is missing or does not fit takes its
 * default, so a hand-edited or stale link still opens the screen. Keys the schema does not name are ignored.
 */
export function parseUrlQuery<S extends QuerySchema>(schema: S, params: URLSearchParams): z.output<S> {
  const defaults = defaultsOf(schema);
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = isList(field) ? params.getAll(key).filter(Boolean) : params.get(key);
    const present = Array.isArray(raw) ? raw.length > 0 : raw !== null && raw !== '';
    const parsed = present ? field.safeParse(raw) : null;
    // A text trimmed to nothing ('?search=%20') is no filter, as if the URL did not hold it.
    value[key] = parsed?.success && parsed.data !== '' ? parsed.data : defaults[key];
  }
  // A rule across fields (a range that ends before it starts) is the screen's to explain, not the parser's to drop.
  const whole = schema.safeParse(value);
  return (whole.success ? whole.data : value) as z.output<S>;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A value as the URL writes it: a date as its instant, anything else as its text. */
const text = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** The URL of a query: only what differs from the defaults, so a plain screen keeps a plain address. */
export function urlQuerySearch<S extends QuerySchema>(schema: S, query: Partial<z.output<S>>): URLSearchParams {
  const defaults = defaultsOf(schema);
  const params = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    const value = (query as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '' || same(value, defaults[key])) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, text(item));
    else params.set(key, text(value));
  }
  return params;
}

/** One of a screen's tabs' ids, as a schema. */
export const tabIds = <const T extends string>(tabs: readonly { id: T }[]) => z.enum(tabs.map((tab) => tab.id) as [T, ...T[]]);

/**
 * A screen's `?tab=`: one of its tabs' ids, else the default (the first tab unless named), which stays out of the
 * URL.
 */
export function tabQuery<const T extends string>(tabs: readonly { id: T }[], fallback: T = tabs[0]!.id) {
  return z.object({ tab: tabIds(tabs).default(fallback) });
}

/** How a change is written: react-router's navigation options, and whether the rest of the URL goes. */
export interface UrlQueryChangeOptions extends NavigateOptions {
  /** Drop every key this schema does not name (a tab switch starts the other tab afresh). */
  dropOthers?: boolean;
}

export interface UrlQueryOptions<S extends QuerySchema> {
  /**
   * Fields whose change keeps the page (an open row, a tab); a change to any other field is a new filter, which
   * goes back to the first page.
   */
  keepPage?: readonly (keyof z.output<S>)[];
  /** The field that holds the page, when it is not `page` (a second list on the screen: `guildPage`). */
  pageField?: keyof z.output<S>;
}

export interface UrlQuery<S extends QuerySchema> {
  /** The screen's query as the URL holds it now, defaults filled in. */
  query: z.output<S>;
  /** Changes some fields, starting from the address bar as it is now (two quick changes both stay). */
  set: (change: Partial<z.output<S>>, options?: UrlQueryChangeOptions) => void;
  /** Every field back to its default. */
  clear: () => void;
  /** The URL's search as it stands, for a link or an export that carries the screen's filters. */
  search: string;
}

/**
 * A screen's filters, sort, page and open row, kept in the URL and read through the contract's query schema, so a
 * reload, the Back button or a shared link shows the same view and the server is asked exactly what it validates.
 */
export function useUrlQuery<S extends QuerySchema>(schema: S, options: UrlQueryOptions<S> = {}): UrlQuery<S> {
  const [params, setParams] = useLiveSearchParams();
  const query = useMemo(() => parseUrlQuery(schema, params), [schema, params]);
  // The fields as one text, so a list written inline at the call does not make a new setter every render.
  const keepPage = (options.keepPage ?? []).map(String).join('\n');
  const pageField = String(options.pageField ?? 'page');
  const set = useCallback(
    (change: Partial<z.output<S>>, { dropOthers, ...navigate }: UrlQueryChangeOptions = {}) =>
      setParams((current) => {
        const next: Record<string, unknown> = { ...parseUrlQuery(schema, current) };
        const kept = keepPage.split('\n');
        const newFilter = Object.keys(change).some((key) => key !== pageField && !kept.includes(key));
        if (pageField in schema.shape && newFilter && !(pageField in change)) next[pageField] = undefined;
        // Keys of other parts of the screen (a tab) stay as they are, unless asked; this schema's are written anew.
        for (const key of dropOthers ? [...current.keys()] : Object.keys(schema.shape)) current.delete(key);
        for (const [key, value] of urlQuerySearch(schema, { ...next, ...change } as Partial<z.output<S>>))
          current.append(key, value);
        return current;
      }, navigate),
    [schema, keepPage, pageField, setParams],
  );
  // Only this schema's fields: another part of the screen may keep its own in the same URL (a tab).
  const clear = useCallback(
    () =>
      setParams((current) => {
        for (const key of Object.keys(schema.shape)) current.delete(key);
        return current;
      }),
    [schema, setParams],
  );
  return { query, set, clear, search: params.toString() };
}
