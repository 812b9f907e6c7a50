import { BATTLENET_LINK_PARAM, BATTLENET_LINK_RESULTS, type BattlenetLinkResult } from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { battlenetKeys } from '../../api/battlenet';
import { useToast } from '../../ui/toast-context';
import { useLiveSearchParams } from '../../ui/use-live-search-params';

const isResult = (value: string | null): value is BattlenetLinkResult => value !== null && value in BATTLENET_LINK_RESULTS;

/**
 * Says how connecting Battle.net went (?battlenetLink=<result>) once, then drops the parameter; a connect
 * brings the card's connection up to date.
 */
export function useBattlenetLinkResult() {
  const [params, setParams] = useLiveSearchParams();
  const queryClient = useQueryClient();
  const toast = useToast();
  const result = params.get(BATTLENET_LINK_PARAM);
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (!isResult(result) || told.current === result) return;
    told.current = result;
    if (result === 'connected') {
      toast.success(BATTLENET_LINK_RESULTS.connected);
      void queryClient.invalidateQueries({ queryKey: battlenetKeys.all });
    } else {
      toast.error(BATTLENET_LINK_RESULTS[result]);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BATTLENET_LINK_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [result, setParams, toast, queryClient]);
}
