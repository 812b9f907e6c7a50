import { SYSTEM_SETTING_MESSAGES, systemSettingsApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { ApiError, errorMessage } from './api-error';
import { callCommunityEndpoint, callEndpoint, type EndpointBody } from './endpoint';

/** Query keys of the system settings and of the public platform status (issue 15). */
export const systemSettingsKeys = {
  all: ['system-settings'] as const,
  list: () => [...systemSettingsKeys.all, 'list'] as const,
};
/** Not under the settings' key, nor a "community-" key: signing in or out keeps it. */
export const platformStatusKeys = { all: ['platform-status'] as const };

/** How often every page asks again whether the banner or registration changed. */
const STATUS_REFRESH_MS = 30_000;

/** Every system setting with its value and source (settings.view). */
export function useSystemSettings() {
  return useQuery({
    queryKey: systemSettingsKeys.list(),
    queryFn: ({ signal }) => callEndpoint(systemSettingsApi.list, { signal }),
  });
}

/** PUT the changed settings (null: back to the default); messages per field are left to the form. */
export function useUpdateSystemSettings() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof systemSettingsApi.update>) => callEndpoint(systemSettingsApi.update, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(systemSettingsKeys.list(), { success: true as const, settings: answer.settings });
      toast.success(answer.message || SYSTEM_SETTING_MESSAGES.saved);
      return queryClient.invalidateQueries({ queryKey: platformStatusKeys.all });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) toast.error(errorMessage(error));
    },
  });
}

/** GET /api/platform/status: the maintenance banner and whether sign-up is open; public, read every 30 s and on focus. */
export function usePlatformStatus() {
  return useQuery({
    queryKey: platformStatusKeys.all,
    queryFn: ({ signal }) =>
      callCommunityEndpoint(systemSettingsApi.status, { signal, onUnauthorized: 'throw', sendAccessToken: false }),
    refetchInterval: STATUS_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
    retry: false,
  });
}
