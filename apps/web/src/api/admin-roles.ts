import { ADMIN_ROLE_MESSAGES, adminRolesApi, type CreateAdminRoleBody, type UpdateAdminRoleBody } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { adminAuthKeys } from './admin-auth';
import { ApiError, errorMessage } from './api-error';
import { callEndpoint, type EndpointResponse } from './endpoint';

/** The roles and the permission catalog as the API answers them. */
export type AdminRoleList = EndpointResponse<typeof adminRolesApi.list>;

/** Query keys of the admin roles. */
export const adminRoleKeys = {
  all: ['admin-roles'] as const,
  list: () => [...adminRoleKeys.all, 'list'] as const,
};

/** Every role with its permissions and holders, and the permission catalog the matrix lists. */
export function useAdminRoles() {
  return useQuery({
    queryKey: adminRoleKeys.list(),
    queryFn: ({ signal }) => callEndpoint(adminRolesApi.list, { signal }),
  });
}

/** True when the server refused a form with messages per field. */
export const hasRoleFieldErrors = (error: unknown): error is ApiError =>
  error instanceof ApiError && Object.keys(error.fields).length > 0;

/**
 * A role change reaches its holders on their next request, the signed-in admin included: their session is read
 * again (in the background) so their own sidebar follows.
 */
function useRolesChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminRoleKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminAuthKeys.session() }),
    ]);
}

/** Creates a custom role; toasts 'Role created'. Field errors are left to the form. */
export function useCreateRoleMutation() {
  const toast = useToast();
  const changed = useRolesChanged();
  return useMutation({
    mutationFn: (body: CreateAdminRoleBody) => callEndpoint(adminRolesApi.create, { body }),
    onSuccess: () => {
      toast.success(ADMIN_ROLE_MESSAGES.created);
      return changed();
    },
    onError: (error) => {
      if (!hasRoleFieldErrors(error)) toast.error(errorMessage(error));
    },
  });
}

/** Saves a role's label, description or permissions; toasts 'Role saved'. */
export function useUpdateRoleMutation() {
  const toast = useToast();
  const changed = useRolesChanged();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: UpdateAdminRoleBody }) =>
      callEndpoint(adminRolesApi.update, { params: { name }, body }),
    onSuccess: () => {
      toast.success(ADMIN_ROLE_MESSAGES.saved);
      return changed();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** Deletes a custom role nobody holds; toasts 'Role deleted', or the server's refusal (held, built-in). */
export function useDeleteRoleMutation() {
  const toast = useToast();
  const changed = useRolesChanged();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(adminRolesApi.remove, { params: { name } }),
    onSuccess: () => {
      toast.success(ADMIN_ROLE_MESSAGES.deleted);
      return changed();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
