import { useCallback, useMemo, useState } from 'react';

/** A set of selected ids with the changes a table needs. */
export function useSelection() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());

  const toggle = useCallback((id: string) => {
    setIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const set = useCallback((changed: readonly string[], isSelected: boolean) => {
    setIds((current) => {
      const next = new Set(current);
      for (const id of changed) {
        if (isSelected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const remove = useCallback((id: string) => set([id], false), [set]);
  const clear = useCallback(() => setIds((current) => (current.size === 0 ? current : new Set())), []);

  return useMemo(() => ({ ids, toggle, set, remove, clear }), [ids, toggle, set, remove, clear]);
}
