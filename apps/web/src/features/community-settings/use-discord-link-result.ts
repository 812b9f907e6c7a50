import { DISCORD_LINK_RESULTS, type DiscordLinkResult } from '@guildhall/contract';
import { useEffect, useRef } from 'react';
import { fetchSignedInUser } from '../../api/community-auth';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { useToast } from '../../ui/toast-context';
import { useLiveSearchParams } from '../../ui/use-live-search-params';

/** The parameter Discord linking comes back to Settings with. */
export const DISCORD_LINK_PARAM = 'discordLink';

const isResult = (value: string | null): value is DiscordLinkResult => value !== null && value in DISCORD_LINK_RESULTS;

/**
 * Says how linking Discord went (?discordLink=<result>) once, then drops the parameter; a new link brings the
 * user and their guild list up to date.
 */
export function useDiscordLinkResult() {
  const [params, setParams] = useLiveSearchParams();
  const { updateUser, retryGuilds } = useCommunitySession();
  const toast = useToast();
  const result = params.get(DISCORD_LINK_PARAM);
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (!isResult(result) || told.current === result) return;
    told.current = result;
    if (result === 'linked') {
      toast.success(DISCORD_LINK_RESULTS.linked);
      fetchSignedInUser().then(updateUser, () => undefined);
      retryGuilds();
    } else {
      toast.error(DISCORD_LINK_RESULTS[result]);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DISCORD_LINK_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [result, setParams, toast, updateUser, retryGuilds]);
}
