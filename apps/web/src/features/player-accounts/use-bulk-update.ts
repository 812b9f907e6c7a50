import { BULK_UPDATE, PLAYER_ACCOUNT_MESSAGES } from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidatePlayerAccounts, useBulkUpdateMutation } from '../../api/player-account-mutations';
import { useBulkJob } from '../../api/player-accounts';
import { useToast } from '../../ui/toast-context';

/** Spec 2 §4: the list is refreshed this long after a bulk update ends. */
export const BULK_REFRESH_DELAY_MS = 2000;
/** While a job runs it is also polled this often, in case the live connection is down. */
const BULK_POLL_MS = 3000;

/**
 * Starts a bulk status update and follows its job: the /admin socket writes progress into the job's cache entry
 * (see LiveConnectionProvider), and the list is refreshed 2 s after the job ends.
 */
export function useBulkUpdate() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const start = useBulkUpdateMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useBulkJob(jobId, BULK_POLL_MS).data?.data ?? null;
  const isFinished = job !== null && job.status !== 'running';

  useEffect(() => {
    if (!isFinished) return;
    const timer = window.setTimeout(() => void invalidatePlayerAccounts(queryClient), BULK_REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isFinished, queryClient]);

  function run(accountIds: string[], accountStatus: 'active' | 'inactive', onStarted: () => void) {
    if (accountIds.length === 0) {
      toast.warning(PLAYER_ACCOUNT_MESSAGES.noneSelected);
      return;
    }
    start.mutate(
      { accountIds, updateData: { account_status: accountStatus }, maxConcurrency: BULK_UPDATE.defaultConcurrency },
      {
        onSuccess: (result) => {
          setJobId(result.data.id);
          onStarted();
        },
      },
    );
  }

  return { job, run, isStarting: start.isPending, dismiss: () => setJobId(null) };
}
