import { type ReactNode, useCallback, useState } from 'react';
import { BreadcrumbNamesContext, SetBreadcrumbNameContext } from './breadcrumb-names';

/** Holds the names pages give their breadcrumb paths, for the header's breadcrumbs. */
export function BreadcrumbNamesProvider({ children }: { children: ReactNode }) {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map());
  const setName = useCallback((path: string, name: string | null) => {
    setNames((current) => {
      if ((current.get(path) ?? null) === name) return current;
      const next = new Map(current);
      if (name === null) next.delete(path);
      else next.set(path, name);
      return next;
    });
  }, []);
  return (
    <SetBreadcrumbNameContext value={setName}>
      <BreadcrumbNamesContext value={names}>{children}</BreadcrumbNamesContext>
    </SetBreadcrumbNameContext>
  );
}
