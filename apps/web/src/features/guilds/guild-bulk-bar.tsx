import { bulkDeleteConfirmation, GUILD_MESSAGES, guildsSelected } from '@guildhall/contract';
import { CircleCheck, CirclePause, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useBulkDeleteGuildsMutation, useBulkUpdateGuildsMutation } from '../../api/guild-mutations';
import { ConfirmModal } from '../../ui/confirm-modal';
import { useToast } from '../../ui/toast-context';

const UPDATES = [
  { action: 'activate', label: 'Activate', icon: CircleCheck },
  { action: 'deactivate', label: 'Deactivate', icon: CirclePause },
] as const;

interface GuildBulkBarProps {
  selected: ReadonlySet<string>;
  onClear: () => void;
}

/** '{n} guild(s) selected' with Activate, Deactivate, Delete (confirmed) and Clear. */
export function GuildBulkBar({ selected, onClear }: GuildBulkBarProps) {
  const toast = useToast();
  const bulkUpdate = useBulkUpdateGuildsMutation();
  const bulkDelete = useBulkDeleteGuildsMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const count = selected.size;
  const isBusy = bulkUpdate.isPending || bulkDelete.isPending;

  function hasSelection(): boolean {
    if (count > 0) return true;
    toast.warning(GUILD_MESSAGES.noneSelected);
    return false;
  }

  function handleUpdate(action: 'activate' | 'deactivate') {
    if (!hasSelection()) return;
    bulkUpdate.mutate({ guildIds: [...selected], action }, { onSuccess: onClear });
  }

  function handleDeleteClick() {
    if (hasSelection()) setIsConfirming(true);
  }

  function handleDeleteConfirm() {
    bulkDelete.mutate([...selected], {
      onSuccess: () => {
        setIsConfirming(false);
        onClear();
      },
    });
  }

  return (
    <div className={`bulk-bar${count > 0 ? ' bulk-bar--active' : ''}`} data-testid="bulk-bar">
      <p className="bulk-bar__count" aria-live="polite">
        {guildsSelected(count)}
      </p>
      <div className="bulk-bar__actions">
        {UPDATES.map(({ action, label, icon: Icon }) => (
          <button
            key={action}
            type="button"
            className="button button--small button--secondary"
            onClick={() => handleUpdate(action)}
            disabled={isBusy}
          >
            <Icon size={15} aria-hidden="true" />
            {label}
          </button>
        ))}
        <button
          type="button"
          className="button button--small button--danger-outline"
          onClick={handleDeleteClick}
          disabled={isBusy}
        >
          <Trash2 size={15} aria-hidden="true" />
          Delete
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onClear} disabled={isBusy}>
          <X size={15} aria-hidden="true" />
          Clear
        </button>
      </div>
      <ConfirmModal
        isOpen={isConfirming}
        title="Delete Guilds"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={bulkDelete.isPending}
        isDanger
        onConfirm={handleDeleteConfirm}
        onClose={() => setIsConfirming(false)}
        testId="bulk-delete-modal"
      >
        <p>{bulkDeleteConfirmation(count)}</p>
      </ConfirmModal>
    </div>
  );
}
