import { type RaidReminderChoices, raidRemindersApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { callCommunityEndpoint } from './endpoint';
import { raidKeys } from './raids';

/** The caller's reminder choices: their own, whichever guild is selected. */
const reminderKey = ['community-account', 'raid-reminders'] as const;

/** GET /api/guild/raid-reminders. */
export function useReminderChoicesQuery(guildId: string) {
  return useQuery({
    queryKey: reminderKey,
    queryFn: ({ signal }) => callCommunityEndpoint(raidRemindersApi.read, { guildId, signal }),
    enabled: guildId !== '',
  });
}

/** PUT /api/guild/raid-reminders: turns a channel on or off. */
export function useSaveReminderChoicesMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (choices: RaidReminderChoices) => callCommunityEndpoint(raidRemindersApi.save, { guildId, body: choices }),
    onSuccess: (answer) => {
      queryClient.setQueryData(reminderKey, { success: true, choices: answer.choices });
      toast.success(answer.message);
    },
  });
}

/** GET /api/guild/raids/:raidId/reminders, for officers: under the guild's raid keys, so an answer refreshes it. */
export function useRemindersSentQuery(guildId: string, raidId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...raidKeys.all(guildId), 'raid', raidId, 'reminders'],
    queryFn: ({ signal }) => callCommunityEndpoint(raidRemindersApi.sent, { guildId, params: { raidId }, signal }),
    enabled: isEnabled,
  });
}
