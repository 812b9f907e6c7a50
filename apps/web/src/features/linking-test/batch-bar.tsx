import { Link2 } from 'lucide-react';
import { useId } from 'react';
import type { SampleChatUser } from './linking-types';

interface BatchBarProps {
  selectedCount: number;
  visibleCount: number;
  users: readonly SampleChatUser[];
  targetUserId: string;
  onTargetChange: (userId: string) => void;
  onSelectAll: () => void;
  onClear: () => void;
  onLink: () => void;
}

/** Batch mode: Select All, Clear and linking every selected character to one user. */
export function BatchBar({
  selectedCount,
  visibleCount,
  users,
  targetUserId,
  onTargetChange,
  onSelectAll,
  onClear,
  onLink,
}: BatchBarProps) {
  const id = useId();
  return (
    <div className={`bulk-bar${selectedCount > 0 ? ' bulk-bar--active' : ''} batch-bar`} data-testid="batch-bar">
      <span className="bulk-bar__count" data-testid="batch-count">
        {selectedCount} selected
      </span>
      <div className="bulk-bar__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={onSelectAll}
          disabled={visibleCount === 0}
        >
          Select All
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onClear} disabled={selectedCount === 0}>
          Clear
        </button>
        <label htmlFor={id} className="batch-bar__label">
          Link selected to
        </label>
        <select
          id={id}
          className="input batch-bar__select"
          value={targetUserId}
          onChange={(event) => onTargetChange(event.target.value)}
        >
          <option value="">Choose a user</option>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.displayName}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={onLink}
          disabled={selectedCount === 0 || targetUserId === ''}
          data-testid="batch-link"
        >
          <Link2 size={14} aria-hidden="true" />
          Link {selectedCount} character{selectedCount === 1 ? '' : 's'}
        </button>
      </div>
    </div>
  );
}
