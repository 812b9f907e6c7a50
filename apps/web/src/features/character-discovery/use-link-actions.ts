import type { DiscoveryCharacter, DiscoveryMember, LinkedCharacter } from '@guildhall/contract';
import { useMutationState } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  type LinkRequest,
  linkMutationKey,
  useLinkCharacterMutation,
  useUnlinkCharacterMutation,
} from '../../api/character-discovery-mutations';

/** A link waiting for the admin to confirm its removal. */
export interface PendingUnlink {
  character: LinkedCharacter;
  member: DiscoveryMember;
}

/**
 * Linking and unlinking on the screen: the drop and the member picker link (priority main), the member then
 * opens to show it; unlinking asks first. Also which characters are on their way to which member.
 */
export function useLinkActions(guildId: string) {
  const link = useLinkCharacterMutation(guildId);
  const unlink = useUnlinkCharacterMutation(guildId);
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<string>>(new Set());
  const [unlinking, setUnlinking] = useState<PendingUnlink | null>(null);
  const inFlight = useMutationState({
    filters: { mutationKey: linkMutationKey(guildId), status: 'pending' },
    select: (mutation) => mutation.state.variables as LinkRequest | undefined,
  });

  const pendingByUser = useMemo(() => {
    const byUser = new Map<string, string[]>();
    for (const request of inFlight) {
      if (!request) continue;
      byUser.set(request.discordUserId, [...(byUser.get(request.discordUserId) ?? []), request.character.name]);
    }
    return byUser;
  }, [inFlight]);

  function toggle(memberId: string) {
    setExpandedIds((current) => {
      const next = new Set(current);
      if (!next.delete(memberId)) next.add(memberId);
      return next;
    });
  }

  function linkTo(character: Pick<DiscoveryCharacter, 'id' | 'name'>, member: DiscoveryMember) {
    link.mutate(
      { character, discordUserId: member.discordUserId },
      { onSuccess: () => setExpandedIds((current) => new Set(current).add(member.id)) },
    );
  }

  function confirmUnlink() {
    if (!unlinking) return;
    unlink.mutate(unlinking.character.linkId, { onSettled: () => setUnlinking(null) });
  }

  return {
    expandedIds,
    toggle,
    linkTo,
    pendingByUser,
    unlinking,
    askUnlink: (character: LinkedCharacter, member: DiscoveryMember) => setUnlinking({ character, member }),
    cancelUnlink: () => setUnlinking(null),
    confirmUnlink,
    isUnlinking: unlink.isPending,
  };
}
