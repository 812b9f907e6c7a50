import { type MaintenanceWindow, maintenanceWindowBody, WEEKDAYS } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import {
  type MaintenanceWindowBody,
  useCreateMaintenanceWindow,
  useDeleteMaintenanceWindow,
  useMaintenanceWindows,
} from '../../api/alert-delivery';
import { useAbilities } from '../../auth/abilities';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { ConfirmItemModal } from '../../ui/confirm-modal';
import { DataTable } from '../../ui/data-table';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { useFormFields } from '../../ui/use-form-fields';

function windowColumns(onDelete: ((window: MaintenanceWindow) => void) | null): ColumnDef<MaintenanceWindow>[] {
  const columns: ColumnDef<MaintenanceWindow>[] = [
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    {
      id: 'when',
      header: 'When (UTC)',
      cell: ({ row: { original: window } }) => `${WEEKDAYS[window.weekday]} ${window.start} for ${window.minutes} minutes`,
    },
    {
      id: 'state',
      header: 'Now',
      cell: ({ row: { original: window } }) =>
        !window.isEnabled ? (
          <Badge tone="unknown">Disabled</Badge>
        ) : window.isActive ? (
          <Badge tone="warn">Muting delivery</Badge>
        ) : (
          <Badge tone="neutral">Waiting</Badge>
        ),
    },
  ];
  if (!onDelete) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row: { original: window } }) => (
        <button type="button" className="button button--danger button--small" onClick={() => onDelete(window)}>
          Delete<span className="visually-hidden"> {window.name}</span>
        </button>
      ),
    },
  ];
}

/** Weekly windows in UTC during which no alert is sent (they are still stored and shown, marked). */
export function MaintenanceWindowsPanel() {
  const windows = useMaintenanceWindows();
  const canEdit = useAbilities().can('editAlertRules');
  const remove = useDeleteMaintenanceWindow();
  const [deleting, setDeleting] = useState<MaintenanceWindow | null>(null);
  const columns = useMemo(() => windowColumns(canEdit ? setDeleting : null), [canEdit]);
  return (
    <div className="alerts-stack">
      {canEdit && <WindowForm />}
      <Card title="Maintenance windows" data-testid="maintenance-windows">
        <DataTable
          columns={columns}
          rows={windows.data?.windows ?? []}
          getRowId={(window) => window.id}
          label="Maintenance windows"
          isStacked
          rowAttributes={() => ({ 'data-testid': 'window-row' })}
          state={{
            query: windows,
            loading: 'Loading maintenance windows...',
            errorText: 'Failed to load maintenance windows',
            empty: 'No maintenance windows.',
          }}
        />
      </Card>
      <ConfirmItemModal
        item={deleting}
        mutation={remove}
        title="Delete this maintenance window?"
        confirmLabel="Delete window"
        busyLabel="Deleting..."
        isDanger
        onClose={() => setDeleting(null)}
        testId="confirm-delete-window"
      >
        <p>Alerts during {deleting?.name} will be sent again. The deletion is audited.</p>
      </ConfirmItemModal>
    </div>
  );
}

const EMPTY_WINDOW = { name: '', weekday: '0', start: '02:00', minutes: '60' };

function WindowForm() {
  const create = useCreateMaintenanceWindow();
  const { values, errors, setErrors, setValues, handleChange, validate } = useFormFields(EMPTY_WINDOW);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = validate(
      maintenanceWindowBody.safeParse({
        name: values.name,
        weekday: Number(values.weekday),
        start: values.start,
        minutes: Number(values.minutes),
      }),
    ) as MaintenanceWindowBody | null;
    if (!body) return;
    create.mutate(body, {
      onSuccess: () => setValues(EMPTY_WINDOW),
      onError: (error) => setErrors(fieldErrorsFromError(error)),
    });
  }

  return (
    <Card title="New maintenance window">
      <form className="alerts-form" onSubmit={handleSubmit} noValidate aria-label="New maintenance window">
        <FormField label="Name" error={errors.name} isRequired>
          {(props) => <input {...props} value={values.name} onChange={(event) => handleChange('name', event.target.value)} />}
        </FormField>
        <FormField label="Day (UTC)" error={errors.weekday}>
          {(props) => (
            <select {...props} value={values.weekday} onChange={(event) => handleChange('weekday', event.target.value)}>
              {WEEKDAYS.map((day, index) => (
                <option key={day} value={index}>
                  {day}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Start (UTC)" error={errors.start}>
          {(props) => (
            <input {...props} type="time" value={values.start} onChange={(event) => handleChange('start', event.target.value)} />
          )}
        </FormField>
        <FormField label="Length (minutes)" error={errors.minutes}>
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={values.minutes}
              onChange={(event) => handleChange('minutes', event.target.value)}
            />
          )}
        </FormField>
        <div className="alerts-form__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add window'}
          </button>
        </div>
      </form>
    </Card>
  );
}
