import { adminNotificationsApi } from '@guildhall/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint';

/** Query keys of the bell's stored notices. */
export const adminNotificationKeys = { unread: ['admin-notifications', 'unread'] as const };

/** The signed-in admin's unread account security notices (asked only by an admin the live push reaches). */
export function useUnreadAdminNotifications(isEnabled: boolean) {
  return useQuery({
    queryKey: adminNotificationKeys.unread,
    queryFn: ({ signal }) => callEndpoint(adminNotificationsApi.unread, { signal }),
    enabled: isEnabled,
    // The live push brings new ones; this is the bell as it stood when the console opened.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Marks stored notices read for the signed-in admin. */
export function useMarkAdminNotificationsRead() {
  return useMutation({ mutationFn: (ids: string[]) => callEndpoint(adminNotificationsApi.markRead, { body: { ids } }) });
}
