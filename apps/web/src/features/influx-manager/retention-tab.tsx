import { INFLUX_MESSAGES, type InfluxBucket, influxRetention } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable } from '../../ui/data-table';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast-context';
import { useInfluxRetention, useUpdateRetention } from './influx-api';
import { InfluxBanner } from './influx-banner';

function bucketColumns(onEdit: (bucket: InfluxBucket) => void): ColumnDef<InfluxBucket>[] {
  return [
    {
      id: 'bucket',
      header: 'Bucket',
      meta: { cellClassName: 'influx-mono' },
      cell: ({ row: { original: bucket } }) => (
        <>
          {bucket.name}
          {bucket.isDefault && <span className="influx-muted"> (Guildhall)</span>}
        </>
      ),
    },
    { id: 'retention', header: 'Retention', cell: ({ row }) => row.original.retentionPolicy },
    { id: 'organization', header: 'Organization', cell: ({ row }) => row.original.organization ?? INFLUX_MESSAGES.na },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row: { original: bucket } }) =>
        bucket.isEditable ? (
          <button type="button" className="button button--secondary button--small" onClick={() => onEdit(bucket)}>
            Edit retention<span className="visually-hidden"> of {bucket.name}</span>
          </button>
        ) : (
          <span className="influx-muted">Fixed</span>
        ),
    },
  ];
}

/** Per bucket its retention period and organization; a retention changes after a confirmation, and is audited. */
export function RetentionTab() {
  const retention = useInfluxRetention();
  const [editing, setEditing] = useState<InfluxBucket | null>(null);
  const buckets = retention.data?.configured ? retention.data.buckets : [];
  const columns = useMemo(() => bucketColumns(setEditing), []);
  return (
    <Card title="Retention" data-testid="influx-retention">
      {retention.isError && <InfluxBanner text={INFLUX_MESSAGES.loadBucketsFailed(errorMessage(retention.error))} />}
      {retention.isPending && <Spinner label="Loading buckets..." />}
      {buckets.length > 0 && (
        <DataTable
          columns={columns}
          rows={buckets}
          getRowId={(bucket) => bucket.name}
          label="Buckets and their retention"
          className="influx-table"
          rowAttributes={(bucket) => ({ 'data-testid': `influx-retention-${bucket.name}` })}
        />
      )}
      {editing && <RetentionEditor key={editing.name} bucket={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** The new period, then the confirmation: shortening a retention deletes the older data at InfluxDB's next check. */
function RetentionEditor({ bucket, onClose }: { bucket: InfluxBucket; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateRetention();
  const [value, setValue] = useState(bucket.retentionPolicy);
  const [isConfirming, setIsConfirming] = useState(false);
  const inputId = useId();
  const parsed = influxRetention.safeParse(value);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);

  function handleConfirm() {
    if (!parsed.success) return;
    update.mutate(
      { bucket: bucket.name, retention: parsed.data },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
        onError: () => setIsConfirming(false),
      },
    );
  }

  return (
    <form
      className="influx-retention-form"
      data-testid="influx-retention-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.success) setIsConfirming(true);
      }}
    >
      <label className="influx-field" htmlFor={inputId}>
        New retention of {bucket.name}
        <input
          id={inputId}
          className="input influx-input"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            // The server's refusal was of the value before: it would sit beside the new value's own message.
            update.reset();
          }}
          aria-invalid={problem !== null}
          aria-describedby={`${inputId}-hint`}
        />
      </label>
      <p id={`${inputId}-hint`} className={problem ? 'influx-problem' : 'influx-muted'}>
        {problem ?? 'A duration such as 1h, 30d or 2w, or infinite'}
      </p>
      {update.isError && <InfluxBanner text={errorMessage(update.error)} />}
      <div className="influx-actions">
        <button type="submit" className="button button--primary button--small" disabled={!parsed.success}>
          Save retention
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          Cancel
        </button>
      </div>
      <ConfirmModal
        isOpen={isConfirming}
        title="Change the retention?"
        confirmLabel="Change retention"
        busyLabel="Changing..."
        isBusy={update.isPending}
        isDanger
        onConfirm={handleConfirm}
        onClose={() => setIsConfirming(false)}
        testId="confirm-retention"
      >
        <p>
          {bucket.name} keeps its data for {parsed.success ? parsed.data : value} instead of {bucket.retentionPolicy}. Data older
          than the new period is deleted by InfluxDB. The change is audited.
        </p>
      </ConfirmModal>
    </form>
  );
}
