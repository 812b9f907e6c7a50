import { createContext, useContext, useEffect } from 'react';

/** Sets (or, with null, clears) the name a breadcrumb path shows instead of its segment. */
export type SetBreadcrumbName = (path: string, name: string | null) => void;

/** Names of record paths, by path ('/admin/guilds/{id}' → the guild's name). */
export const BreadcrumbNamesContext = createContext<ReadonlyMap<string, string>>(new Map());
/** The setter of the names; null outside the provider. Apart from the names, so setting one re-renders no page. */
export const SetBreadcrumbNameContext = createContext<SetBreadcrumbName | null>(null);

/** The names the current page gave its breadcrumb paths. */
export function useBreadcrumbNames(): ReadonlyMap<string, string> {
  return useContext(BreadcrumbNamesContext);
}

/**
 * Shows `name` in the breadcrumb of `path` while the calling page is mounted: a record page names its
 * record (the guild's name, not its id). Until the name is known the crumb keeps its segment's label.
 */
export function useBreadcrumbName(path: string, name: string | null | undefined) {
  const setName = useContext(SetBreadcrumbNameContext);
  useEffect(() => {
    if (!setName || !name) return;
    setName(path, name);
    return () => setName(path, null);
  }, [setName, path, name]);
}
