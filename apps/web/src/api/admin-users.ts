import {
  ADMIN_USER_MESSAGES,
  type AdminUserRow,
  type adminUserListQuery,
  adminUsersApi,
  type CreateAdminUserBody,
  MESSAGES,
  TWO_FACTOR_MESSAGES,
  type UpdateAdminUserBody,
} from '@guildhall/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useToast } from '../ui/toast-context';
import { adminAuthKeys } from './admin-auth';
import { adminRoleKeys } from './admin-roles';
import { ApiError, errorMessage } from './api-error';
import { callEndpoint } from './endpoint';

/** The admin users list's query, all filled in. */
export type AdminUserFilters = z.infer<typeof adminUserListQuery>;

/** Query keys of the Admin Users screen. */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (query: AdminUserFilters) => [...adminUserKeys.lists(), query] as const,
  statistics: () => [...adminUserKeys.all, 'statistics'] as const,
  sessions: (id: string) => [...adminUserKeys.all, 'sessions', id] as const,
};

/** One page of admin users; the previous page stays on screen while the next loads. */
export function useAdminUsers(query: AdminUserFilters) {
  return useQuery({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(adminUsersApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The figures of the statistics cards. */
export function useAdminUserStatistics() {
  return useQuery({
    queryKey: adminUserKeys.statistics(),
    queryFn: ({ signal }) => callEndpoint(adminUsersApi.statistics, { signal }),
  });
}

/** The open sessions of one admin; nothing while `id` is null. */
export function useAdminUserSessions(id: string | null) {
  return useQuery({
    queryKey: adminUserKeys.sessions(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(adminUsersApi.sessions, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/**
 * Lists, figures and session counts change with any admin, and so do the roles' holder counts; the signed-in
 * admin's own session is read again too, so a change to their own permissions reaches their sidebar.
 */
function invalidateAdminUsers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminRoleKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminAuthKeys.session() }),
  ]);
}

/** True when the server refused a form with messages per field (shown on the fields, not toasted). */
export const hasFieldErrors = (error: unknown): error is ApiError =>
  error instanceof ApiError && Object.keys(error.fields).length > 0;

/** One admin user change: the call, and the message the screen toasts when it succeeds. */
type Change = { call: () => Promise<unknown>; success: string };

/**
 * The mutation behind every change of the screen: it toasts the change's message, refreshes the lists and
 * toasts the server's error, except a form's field errors, which the form shows.
 */
function useAdminUserChange<V>(toChange: (variables: V) => Change) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (variables: V) => toChange(variables).call(),
    onSuccess: (_result, variables) => {
      toast.success(toChange(variables).success);
      return invalidateAdminUsers(queryClient);
    },
    onError: (error) => {
      if (!hasFieldErrors(error)) toast.error(errorMessage(error, MESSAGES.requestFailed));
    },
  });
}

/** POST /api/admin/users. */
export function useCreateAdminUser() {
  return useAdminUserChange((body: CreateAdminUserBody) => ({
    call: () => callEndpoint(adminUsersApi.create, { body }),
    success: ADMIN_USER_MESSAGES.created,
  }));
}

/** PUT /api/admin/users/:id: name, role and extra permissions. */
export function useUpdateAdminUser() {
  return useAdminUserChange(({ id, body }: { id: string; body: UpdateAdminUserBody }) => ({
    call: () => callEndpoint(adminUsersApi.update, { params: { id }, body }),
    success: ADMIN_USER_MESSAGES.saved,
  }));
}

/** Disables (ending the admin's sessions) or enables again. */
export function useSetAdminUserActive() {
  return useAdminUserChange(({ user, isActive }: { user: AdminUserRow; isActive: boolean }) => ({
    call: () => callEndpoint(adminUsersApi.update, { params: { id: user.id }, body: { isActive } }),
    success: isActive ? ADMIN_USER_MESSAGES.enabled : ADMIN_USER_MESSAGES.disabled,
  }));
}

/** DELETE /api/admin/users/:id, soft unless `hard`. */
export function useDeleteAdminUser() {
  return useAdminUserChange(({ id, hard }: { id: string; hard: boolean }) => ({
    call: () => callEndpoint(adminUsersApi.remove, { params: { id }, query: { hard: hard ? 'true' : 'false' } }),
    success: hard ? ADMIN_USER_MESSAGES.deletedForever : ADMIN_USER_MESSAGES.deleted,
  }));
}

/** Sets a new password; the server ends that admin's sessions. */
export function useResetAdminPassword() {
  return useAdminUserChange(({ id, newPassword }: { id: string; newPassword: string }) => ({
    call: () => callEndpoint(adminUsersApi.resetPassword, { params: { id }, body: { newPassword } }),
    success: ADMIN_USER_MESSAGES.passwordReset,
  }));
}

/** Clears the failed sign-in count and the lock. */
export function useUnlockAdminUser() {
  return useAdminUserChange((id: string) => ({
    call: () => callEndpoint(adminUsersApi.unlock, { params: { id } }),
    success: ADMIN_USER_MESSAGES.unlocked,
  }));
}

/** Turns off another admin's two-factor sign-in (a lost device); they sign in with the password until they enrol again. */
export function useResetAdminTwoFactor() {
  return useAdminUserChange((id: string) => ({
    call: () => callEndpoint(adminUsersApi.resetTwoFactor, { params: { id } }),
    success: TWO_FACTOR_MESSAGES.reset,
  }));
}

/** Ends one session; its browser is told at once and leaves for the sign-in page. */
export function useEndAdminSession() {
  return useAdminUserChange(({ id, sessionId }: { id: string; sessionId: string }) => ({
    call: () => callEndpoint(adminUsersApi.endSession, { params: { id, sessionId } }),
    success: ADMIN_USER_MESSAGES.sessionEnded,
  }));
}
