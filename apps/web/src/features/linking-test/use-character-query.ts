import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type CharacterQuery, characterQueryParams, parseCharacterQuery } from './character-query';

/** The test page's search, filters and sort, kept in the URL. */
export function useCharacterQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseCharacterQuery(params), [params]);
  const update = useCallback(
    (change: Partial<CharacterQuery>) =>
      setParams((current) => characterQueryParams({ ...parseCharacterQuery(current), ...change }), { replace: true }),
    [setParams],
  );
  return { query, update };
}
