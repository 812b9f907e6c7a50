import { useCallback } from 'react';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { parseRange, RANGE_PARAM } from './range-param';

/** The charts' range in seconds, kept in the URL so a reload or a shared link shows the same range. */
export function useRange(): [number, (seconds: number) => void] {
  const [params, setParams] = useLiveSearchParams();
  const range = parseRange(params.get(RANGE_PARAM));
  const setRange = useCallback(
    (seconds: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(RANGE_PARAM, String(seconds));
        return next;
      }),
    [setParams],
  );
  return [range, setRange];
}
