import { type CorrectAttendanceInput, raidAttendanceApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { callCommunityEndpoint } from './endpoint';
import { raidPageKeys } from './raid-page';
import { raidKeys } from './raids';

/** Query keys of attendance: a raid's under the raid, the caller's rate under the guild's raids. */
export const attendanceKeys = {
  raid: (guildId: string, raidId: string) => [...raidPageKeys.raid(guildId, raidId), 'attendance'] as const,
  mine: (guildId: string) => [...raidKeys.all(guildId), 'attendance', 'me'] as const,
};

/** GET /api/guild/raids/:raidId/attendance: each character's status and where it came from. */
export function useRaidAttendanceQuery(guildId: string, raidId: string) {
  return useQuery({
    queryKey: attendanceKeys.raid(guildId, raidId),
    queryFn: ({ signal }) => callCommunityEndpoint(raidAttendanceApi.read, { guildId, params: { raidId }, signal }),
  });
}

/** GET /api/guild/attendance/me: the caller's rate against the guild's rule. */
export function useMyAttendanceQuery(guildId: string) {
  return useQuery({
    queryKey: attendanceKeys.mine(guildId),
    queryFn: ({ signal }) => callCommunityEndpoint(raidAttendanceApi.mine, { guildId, signal }),
  });
}

/** A change of a raid's attendance: its answer is the attendance now; the raid (its history) and rates refresh. */
function useAttendanceChange<Input>(
  guildId: string,
  raidId: string,
  send: (input: Input) => Promise<{ message: string; attendance: unknown }>,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      toast.success(answer.message);
      queryClient.setQueryData(attendanceKeys.raid(guildId, raidId), (old: { canManage: boolean } | undefined) => ({
        success: true,
        canManage: old?.canManage ?? true,
        attendance: answer.attendance,
      }));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: raidPageKeys.raid(guildId, raidId), exact: true }),
        queryClient.invalidateQueries({ queryKey: attendanceKeys.mine(guildId) }),
      ]);
    },
  });
}

/** POST .../attendance: take the attendance now from the sign-ups, composition and any report. */
export function useTakeAttendanceMutation(guildId: string, raidId: string) {
  return useAttendanceChange(guildId, raidId, () =>
    callCommunityEndpoint(raidAttendanceApi.take, { guildId, params: { raidId } }),
  );
}

/** PUT .../attendance/:characterId: an officer's correction. */
export function useCorrectAttendanceMutation(guildId: string, raidId: string) {
  return useAttendanceChange(guildId, raidId, ({ characterId, ...body }: CorrectAttendanceInput & { characterId: string }) =>
    callCommunityEndpoint(raidAttendanceApi.correct, { guildId, params: { raidId, characterId }, body }),
  );
}
