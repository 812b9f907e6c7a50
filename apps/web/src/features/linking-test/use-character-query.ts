import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { type CharacterQuery, characterQueryParams, parseCharacterQuery } from './character-query';

/** The test page's search, filters and sort, kept in the URL. */
export function useCharacterQuery() {
  const [params, setParams] = useLiveSearchParams();
  const query = useMemo(() => parseCharacterQuery(params), [params]);
  const update = useCallback(
    (change: Partial<CharacterQuery>) =>
      setParams((current) => characterQueryParams({ ...parseCharacterQuery(current), ...change }), { replace: true }),
    [setParams],
  );
  return { query, update };
}
