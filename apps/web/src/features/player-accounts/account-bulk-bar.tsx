import { CircleCheck, CirclePause, X } from 'lucide-react';

const BULK_STATUSES = [
  { status: 'active', label: 'Activate Selected', Icon: CircleCheck },
  { status: 'inactive', label: 'Deactivate Selected', Icon: CirclePause },
] as const;

interface AccountBulkBarProps {
  count: number;
  isBusy: boolean;
  onUpdate: (status: 'active' | 'inactive') => void;
  onClear: () => void;
}

/** '{n} selected' with Activate Selected, Deactivate Selected and Clear; shown only while accounts are selected. */
export function AccountBulkBar({ count, isBusy, onUpdate, onClear }: AccountBulkBarProps) {
  if (count === 0) return null;
  return (
    <div className="bulk-bar bulk-bar--active" data-testid="account-bulk-bar">
      <p className="bulk-bar__count" aria-live="polite">
        {count} {count === 1 ? 'account' : 'accounts'} selected
      </p>
      <div className="bulk-bar__actions">
        {BULK_STATUSES.map(({ status, label, Icon }) => (
          <button
            key={status}
            type="button"
            className="button button--small button--secondary"
            onClick={() => onUpdate(status)}
            disabled={isBusy}
          >
            <Icon size={15} aria-hidden="true" />
            {label}
          </button>
        ))}
        <button type="button" className="button button--small button--ghost" onClick={onClear} disabled={isBusy}>
          <X size={15} aria-hidden="true" />
          Clear
        </button>
      </div>
    </div>
  );
}
