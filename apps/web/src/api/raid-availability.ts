import { type RaidAbsenceInput, type RaidAvailabilityInput, raidAvailabilityApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { callCommunityEndpoint } from './endpoint';
import { raidKeys } from './raids';

/** The caller's availability in the guild: under the guild's raid keys, so it goes with the guild. */
const availabilityKey = (guildId: string) => [...raidKeys.all(guildId), 'availability'] as const;

/** GET /api/guild/raid-availability: the caller's raid days and absences. */
export function useRaidAvailabilityQuery(guildId: string) {
  return useQuery({
    queryKey: availabilityKey(guildId),
    queryFn: ({ signal }) => callCommunityEndpoint(raidAvailabilityApi.read, { guildId, signal }),
    enabled: guildId !== '',
  });
}

type AvailabilityChange =
  | { kind: 'days'; body: RaidAvailabilityInput }
  | { kind: 'absence'; body: RaidAbsenceInput }
  | { kind: 'remove'; absenceId: string };

/** Saves raid days, adds or removes an absence; the answers it gives refresh the calendar. */
export function useChangeAvailabilityMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (change: AvailabilityChange) =>
      change.kind === 'days'
        ? callCommunityEndpoint(raidAvailabilityApi.save, { guildId, body: change.body })
        : change.kind === 'absence'
          ? callCommunityEndpoint(raidAvailabilityApi.addAbsence, { guildId, body: change.body })
          : callCommunityEndpoint(raidAvailabilityApi.removeAbsence, { guildId, params: { absenceId: change.absenceId } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: raidKeys.all(guildId) });
    },
  });
}
