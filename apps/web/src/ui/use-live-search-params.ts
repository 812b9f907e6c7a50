import { useCallback } from 'react';
import { type NavigateOptions, type URLSearchParamsInit, useSearchParams } from 'react-router';

/** A change of the URL's search params: the new ones, or a function of the ones the address bar holds now. */
export type SearchParamsChange = URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit);

/**
 * react-router's useSearchParams, but a change made as a function starts from the address bar as it is now, not
 * from the params of the last render: react-router hands the function the render's copy, so two filters changed
 * before the screen renders again (a select, then another) lost the first. Navigation writes the address bar at
 * once (BrowserRouter pushes history synchronously), so reading it back sees every change made so far.
 */
export function useLiveSearchParams(): [URLSearchParams, (change: SearchParamsChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const setLive = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) =>
      setParams(typeof change === 'function' ? change(new URLSearchParams(window.location.search)) : change, options),
    [setParams],
  );
  return [params, setLive];
}
