import { COMMUNITY_MESSAGES, DEFAULT_NOTIFICATION_SETTINGS, meApi, type NotificationSettings } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCommunitySession } from '../community-auth/community-session-context';
import { useErrorToast } from '../community-auth/use-error-toast';
import { useToast } from '../ui/toast-context';
import { callCommunityEndpoint } from './endpoint';

/** Query keys of the signed-in user's own settings. */
export const meKeys = {
  all: ['community-me'] as const,
  profile: (userId: string) => [...meKeys.all, userId, 'profile'] as const,
  notificationSettings: (userId: string) => [...meKeys.all, userId, 'notification-settings'] as const,
};

/** GET /api/me/profile. */
export function useProfileQuery(userId: string) {
  return useQuery({
    queryKey: meKeys.profile(userId),
    queryFn: async ({ signal }) => (await callCommunityEndpoint(meApi.profile, { signal })).user,
  });
}

/** PUT /api/me/profile; the session's user follows. */
export function useUpdateProfileMutation(userId: string) {
  const queryClient = useQueryClient();
  const { updateUser } = useCommunitySession();
  const toast = useToast();
  const showError = useErrorToast();
  return useMutation({
    mutationFn: (username: string) => callCommunityEndpoint(meApi.updateProfile, { body: { username } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(meKeys.profile(userId), answer.user);
      updateUser(answer.user);
      toast.success(answer.message || COMMUNITY_MESSAGES.profileUpdated);
    },
    onError: (error) => showError(error),
  });
}

/** GET /api/me/notification-settings; the defaults of spec 1 §9 until changed. */
export function useNotificationSettingsQuery(userId: string) {
  return useQuery({
    queryKey: meKeys.notificationSettings(userId),
    queryFn: async ({ signal }) => (await callCommunityEndpoint(meApi.notificationSettings, { signal })).settings,
    placeholderData: DEFAULT_NOTIFICATION_SETTINGS,
  });
}

/** PUT /api/me/notification-settings. */
export function useUpdateNotificationSettingsMutation(userId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  return useMutation({
    mutationFn: (settings: Partial<NotificationSettings>) =>
      callCommunityEndpoint(meApi.updateNotificationSettings, { body: settings }),
    onSuccess: (answer) => {
      queryClient.setQueryData(meKeys.notificationSettings(userId), answer.settings);
      toast.success(answer.message || COMMUNITY_MESSAGES.notificationSettingsSaved);
    },
    onError: (error) => showError(error),
  });
}
