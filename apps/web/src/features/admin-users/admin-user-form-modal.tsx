import {
  ADMIN_PASSWORD_MIN_LENGTH,
  type AdminRole,
  type AdminUserRow,
  createAdminUserBody,
  updateAdminUserBody,
} from '@guildhall/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { hasFieldErrors, useCreateAdminUser, useUpdateAdminUser } from '../../api/admin-users';
import { type FieldErrors, fieldErrorsFromIssues, withoutField } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { FormModal } from '../../ui/form-modal';
import { PasswordField } from '../../ui/password-field';
import { TextField } from '../../ui/text-field';

interface AdminUserFormModalProps {
  /** The admin to edit; absent to create one. */
  user?: AdminUserRow;
  roles: readonly AdminRole[];
  /** The permission catalog, for the extra permissions. */
  catalog: readonly { name: string; description: string }[];
  onClose: () => void;
}

interface FormValues {
  username: string;
  fullName: string;
  role: string;
  permissions: string[];
  password: string;
}

/** Create an admin (username, full name, role, extra permissions, initial password) or edit one; the server's field errors show on the fields. */
export function AdminUserFormModal({ user, roles, catalog, onClose }: AdminUserFormModalProps) {
  const permissionsId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const isEditing = user !== undefined;
  const isBusy = create.isPending || update.isPending;
  const [values, setValues] = useState<FormValues>(() => ({
    username: user?.username ?? '',
    fullName: user?.fullName ?? '',
    role: user?.role ?? roles.find((role) => role.name === 'viewer')?.name ?? roles[0]?.name ?? '',
    permissions: user?.permissions ?? [],
    password: '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const rolePermissions = new Set(roles.find((role) => role.name === values.role)?.permissions ?? []);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function change<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(current, field));
  }

  function togglePermission(name: string, isChecked: boolean) {
    const next = isChecked ? [...values.permissions, name] : values.permissions.filter((p) => p !== name);
    change('permissions', next);
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    setFocusRequest((count) => count + 1);
  }

  const onError = (error: unknown) => {
    if (hasFieldErrors(error)) showErrors(error.fields);
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const fullName = values.fullName.trim();
    if (user) {
      const parsed = updateAdminUserBody.safeParse({
        fullName: fullName || null,
        role: values.role,
        permissions: values.permissions,
      });
      if (!parsed.success) return showErrors(fieldErrorsFromIssues(parsed.error.issues));
      update.mutate({ id: user.id, body: parsed.data }, { onSuccess: onClose, onError });
      return;
    }
    const parsed = createAdminUserBody.safeParse({
      username: values.username,
      fullName: fullName || undefined,
      role: values.role,
      permissions: values.permissions,
      password: values.password,
    });
    if (!parsed.success) return showErrors(fieldErrorsFromIssues(parsed.error.issues));
    create.mutate(parsed.data, { onSuccess: onClose, onError });
  }

  return (
    <FormModal
      title={isEditing ? `Edit Admin User: ${user.username}` : 'Create Admin User'}
      size="lg"
      onClose={onClose}
      onSubmit={handleSubmit}
      submitLabel={isEditing ? 'Save Changes' : 'Create Admin User'}
      busyLabel="Saving..."
      isBusy={isBusy}
      testId="admin-user-form"
      formRef={formRef}
    >
      {!isEditing && (
        <TextField
          label="Username"
          error={errors.username}
          isRequired
          name="username"
          autoComplete="off"
          data-autofocus
          value={values.username}
          onChange={(value) => change('username', value)}
        />
      )}
      <TextField
        label="Full name"
        error={errors.fullName}
        name="fullName"
        autoComplete="off"
        data-autofocus={isEditing || undefined}
        value={values.fullName}
        onChange={(value) => change('fullName', value)}
      />
      <FormField label="Role" error={errors.role} isRequired>
        {(props) => (
          <select {...props} name="role" value={values.role} onChange={(event) => change('role', event.target.value)}>
            {roles.map((role) => (
              <option key={role.name} value={role.name}>
                {role.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <fieldset className="permission-picker" aria-describedby={errors.permissions ? `${permissionsId}-error` : undefined}>
        <legend className="field__label">Extra permissions</legend>
        <p className="field__hint">On top of the role's own; permissions the role already grants are marked.</p>
        <div className="permission-picker__grid">
          {catalog.map((permission) => (
            <label key={permission.name} className="checkbox permission-picker__item">
              <input
                type="checkbox"
                name="permissions"
                value={permission.name}
                checked={values.permissions.includes(permission.name)}
                onChange={(event) => togglePermission(permission.name, event.target.checked)}
              />
              <span>
                <code>{permission.name}</code>
                {rolePermissions.has(permission.name) && <span className="permission-picker__in-role"> (in role)</span>}
                <span className="permission-picker__description">{permission.description}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.permissions && (
          <p id={`${permissionsId}-error`} className="field__error">
            {errors.permissions}
          </p>
        )}
      </fieldset>
      {!isEditing && (
        <PasswordField
          label="Initial password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(value) => change('password', value)}
          error={errors.password}
          hint={`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters`}
        />
      )}
    </FormModal>
  );
}
