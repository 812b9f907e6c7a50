import { useCallback, useMemo, useState } from 'react';

/**
 * Selected items by id, each kept with what it was when ticked, so a selection that spans pages can still
 * name the items no longer in view.
 */
export function useSelection<T extends { id: string }>() {
  const [items, setItems] = useState<ReadonlyMap<string, T>>(() => new Map());

  const toggle = useCallback((item: T) => {
    setItems((current) => {
      const next = new Map(current);
      if (!next.delete(item.id)) next.set(item.id, item);
      return next;
    });
  }, []);

  const set = useCallback((changed: readonly T[], isSelected: boolean) => {
    setItems((current) => {
      const next = new Map(current);
      for (const item of changed) {
        if (isSelected) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  }, []);

  /** Takes the newest version of selected items seen again (a rename shows in the names). */
  const refresh = useCallback((seen: readonly T[]) => {
    setItems((current) => {
      const stale = seen.filter((item) => current.has(item.id) && current.get(item.id) !== item);
      if (stale.length === 0) return current;
      const next = new Map(current);
      for (const item of stale) next.set(item.id, item);
      return next;
    });
  }, []);

  const remove = useCallback((id: string) => {
    setItems((current) => {
      if (!current.has(id)) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setItems((current) => (current.size === 0 ? current : new Map())), []);

  return useMemo(() => ({ items, toggle, set, refresh, remove, clear }), [items, toggle, set, refresh, remove, clear]);
}
