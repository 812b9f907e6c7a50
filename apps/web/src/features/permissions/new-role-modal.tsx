import { createAdminRoleBody } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { hasRoleFieldErrors, useCreateRoleMutation } from '../../api/admin-roles';
import { type FieldErrors, fieldErrorsFromIssues, withoutField } from '../../ui/field-errors';
import { FormModal } from '../../ui/form-modal';
import { TextField } from '../../ui/text-field';
import { PermissionChecklist } from './permission-checklist';
import type { CatalogPermission } from './role-matrix-model';

interface NewRoleModalProps {
  catalog: readonly CatalogPermission[];
  onClose: () => void;
}

type TextKey = 'name' | 'label' | 'description';

/** The New role form: name, label, description and permissions, checked by the contract's rules, then the server's. */
export function NewRoleModal({ catalog, onClose }: NewRoleModalProps) {
  const create = useCreateRoleMutation();
  const [values, setValues] = useState<Record<TextKey, string>>({ name: '', label: '', description: '' });
  const [permissions, setPermissions] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleChange(field: TextKey, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(current, field));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createAdminRoleBody.safeParse({
      ...values,
      description: values.description.trim() || undefined,
      permissions,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: onClose,
      onError: (error) => {
        if (hasRoleFieldErrors(error)) setErrors(error.fields);
      },
    });
  }

  const text = (field: TextKey, label: string, extra: object = {}) => (
    <TextField
      label={label}
      error={errors[field]}
      isRequired={field !== 'description'}
      {...extra}
      name={field}
      value={values[field]}
      onChange={(value) => handleChange(field, value)}
      autoComplete="off"
      data-testid={`role-form-${field}`}
    />
  );

  return (
    <FormModal
      title="New role"
      size="lg"
      onClose={onClose}
      onSubmit={handleSubmit}
      submitLabel="Create role"
      busyLabel="Creating..."
      isBusy={create.isPending}
      testId="role-form"
    >
      {text('name', 'Name', { 'data-autofocus': true, placeholder: 'e.g. raid_officer', spellCheck: false })}
      {text('label', 'Label', { placeholder: 'e.g. Raid Officer' })}
      {text('description', 'Description')}
      <PermissionChecklist
        legend="Permissions"
        options={catalog}
        selected={permissions}
        onChange={(next) => {
          setPermissions(next);
          setErrors((current) => withoutField(current, 'permissions'));
        }}
        error={errors.permissions}
        testId="role-form-permissions"
      />
    </FormModal>
  );
}
