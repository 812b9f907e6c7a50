import { DISCOVERY_MESSAGES, type MemberSyncJob, syncMembersFailed } from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { discoveryKeys, type SyncJobAnswer, useSyncJob } from '../../api/character-discovery';
import { invalidateDiscovery } from '../../api/character-discovery-mutations';
import { useLiveStatus } from '../../live/live-context';
import { useToast } from '../../ui/toast-context';
import { withCompleted, withFailed, withProgress } from './sync-job-updates';

/** While a sync runs, its job is also polled this often, in case the live connection is down. */
const SYNC_POLL_MS = 3000;

/**
 * The member sync of the guild in view: follows a sync started here, one found running on load (the summary's
 * latestSync) and one started elsewhere (its first live event); the job lives in the query cache and the live
 * events write into it. When it finishes: 'Discord members synced successfully', or the failure and its reason.
 */
export function useMemberSync(guildId: string, latestSync: MemberSyncJob | null | undefined) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { watchMemberSync } = useLiveStatus();
  const [followed, setFollowed] = useState<{ guildId: string; jobId: string } | null>(null);
  const jobId = followed?.guildId === guildId ? followed.jobId : null;
  const job = useSyncJob(jobId, SYNC_POLL_MS).data?.job ?? null;
  const announced = useRef(new Set<string>());

  const follow = useCallback((id: string) => setFollowed({ guildId, jobId: id }), [guildId]);

  useEffect(() => {
    if (latestSync?.status === 'running') follow(latestSync.jobId);
  }, [latestSync?.status, latestSync?.jobId, follow]);

  useEffect(() => {
    const write = (id: string, next: (job: MemberSyncJob | undefined) => MemberSyncJob) =>
      queryClient.setQueryData<SyncJobAnswer>(discoveryKeys.syncJob(id), (old) => ({ success: true, job: next(old?.job) }));
    return watchMemberSync(guildId, {
      onProgress: (progress) => {
        write(progress.jobId, (old) => withProgress(old, progress, new Date()));
        follow(progress.jobId);
      },
      onCompleted: (done) => write(done.jobId, (old) => withCompleted(old, done, new Date())),
      onFailed: (failed) => write(failed.jobId, (old) => withFailed(old, failed, new Date())),
    });
  }, [guildId, watchMemberSync, queryClient, follow]);

  useEffect(() => {
    if (!job || job.status === 'running' || announced.current.has(job.jobId)) return;
    announced.current.add(job.jobId);
    if (job.status === 'succeeded') toast.success(DISCOVERY_MESSAGES.membersSynced);
    else toast.error(syncMembersFailed(job.error ?? 'Unknown error'));
    void invalidateDiscovery(queryClient, job.guildId);
  }, [job, toast, queryClient]);

  return { job, follow };
}
