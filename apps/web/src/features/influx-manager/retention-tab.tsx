import { INFLUX_MESSAGES, type InfluxBucket, influxRetention } from '@guildhall/contract';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { ConfirmModal } from '../../ui/confirm-modal';
import { Spinner } from '../../ui/spinner';
import { TableScroll } from '../../ui/table-scroll';
import { useToast } from '../../ui/toast-context';
import { useInfluxRetention, useUpdateRetention } from './influx-api';
import { InfluxBanner } from './influx-banner';

/** Per bucket its retention period and organization; a retention changes after a confirmation, and is audited. */
export function RetentionTab() {
  const retention = useInfluxRetention();
  const [editing, setEditing] = useState<InfluxBucket | null>(null);
  const buckets = retention.data?.configured ? retention.data.buckets : [];
  return (
    <Card title="Retention" data-testid="influx-retention">
      {retention.isError && <InfluxBanner text={INFLUX_MESSAGES.loadBucketsFailed(errorMessage(retention.error))} />}
      {retention.isPending && <Spinner label="Loading buckets..." />}
      {buckets.length > 0 && (
        <TableScroll label="Buckets and their retention">
          <table className="table influx-table">
            <thead>
              <tr>
                <th scope="col">Bucket</th>
                <th scope="col">Retention</th>
                <th scope="col">Organization</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket) => (
                <tr key={bucket.name} data-testid={`influx-retention-${bucket.name}`}>
                  <td className="influx-mono">
                    {bucket.name}
                    {bucket.isDefault && <span className="influx-muted"> (Guildhall)</span>}
                  </td>
                  <td>{bucket.retentionPolicy}</td>
                  <td>{bucket.organization ?? INFLUX_MESSAGES.na}</td>
                  <td>
                    {bucket.isEditable ? (
                      <button type="button" className="button button--secondary button--small" onClick={() => setEditing(bucket)}>
                        Edit retention<span className="visually-hidden"> of {bucket.name}</span>
                      </button>
                    ) : (
                      <span className="influx-muted">Fixed</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
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
