import { bulkDeleteConfirmation, GUILD_MESSAGES, guildsSelected, selectedOnOtherPages } from '@guildhall/contract';
import { CircleCheck, CirclePause, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useBulkDeleteGuildsMutation, useBulkUpdateGuildsMutation } from '../../api/guild-mutations';
import { ConfirmModal } from '../../ui/confirm-modal';
import { useToast } from '../../ui/toast-context';
import { OffPageSelection, SelectedGuildList } from './selected-guild-list';
import type { SelectedGuild } from './selected-guilds';

const UPDATES = [
  { action: 'activate', label: 'Activate', icon: CircleCheck },
  { action: 'deactivate', label: 'Deactivate', icon: CirclePause },
] as const;

interface GuildBulkBarProps {
  /** Every selected guild, on this page or another. */
  selected: readonly SelectedGuild[];
  /** The ids of the guilds the table shows now. */
  pageIds: ReadonlySet<string>;
  onDeselect: (id: string) => void;
  onClear: () => void;
}

/**
 * '{n} guild(s) selected' with Activate, Deactivate, Delete (confirmed) and Clear. A selection kept from other
 * pages is said ('2 selected on other pages', with their names a click away), and the delete confirmation names
 * every guild it deletes: a bulk action never acts on guilds the admin cannot see.
 */
export function GuildBulkBar({ selected, pageIds, onDeselect, onClear }: GuildBulkBarProps) {
  const toast = useToast();
  const bulkUpdate = useBulkUpdateGuildsMutation();
  const bulkDelete = useBulkDeleteGuildsMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const count = selected.length;
  const offPage = selected.filter((guild) => !pageIds.has(guild.id));
  const isBusy = bulkUpdate.isPending || bulkDelete.isPending;
  const ids = () => selected.map((guild) => guild.id);

  // The actions are off with nothing selected (issue 29: they were on and answered with a warning); the check stays
  // for a selection emptied between the render and the click.
  function hasSelection(): boolean {
    if (count > 0) return true;
    toast.warning(GUILD_MESSAGES.noneSelected);
    return false;
  }

  function handleUpdate(action: 'activate' | 'deactivate') {
    if (!hasSelection()) return;
    bulkUpdate.mutate({ guildIds: ids(), action }, { onSuccess: onClear });
  }

  function handleDeleteClick() {
    if (hasSelection()) setIsConfirming(true);
  }

  function handleDeleteConfirm() {
    bulkDelete.mutate(ids(), {
      onSuccess: () => {
        setIsConfirming(false);
        onClear();
      },
    });
  }

  return (
    <div className={`bulk-bar${count > 0 ? ' bulk-bar--active' : ''}`} data-testid="bulk-bar">
      <div className="bulk-bar__summary" aria-live="polite">
        <p className="bulk-bar__count">{guildsSelected(count)}</p>
        {offPage.length > 0 && (
          <OffPageSelection label={selectedOnOtherPages(offPage.length)} guilds={offPage} onDeselect={onDeselect} />
        )}
      </div>
      <div className="bulk-bar__actions">
        {UPDATES.map(({ action, label, icon: Icon }) => (
          <button
            key={action}
            type="button"
            className="button button--small button--secondary"
            onClick={() => handleUpdate(action)}
            disabled={isBusy || count === 0}
          >
            <Icon size={15} aria-hidden="true" />
            {label}
          </button>
        ))}
        <button
          type="button"
          className="button button--small button--danger-outline"
          onClick={handleDeleteClick}
          disabled={isBusy || count === 0}
        >
          <Trash2 size={15} aria-hidden="true" />
          Delete
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onClear} disabled={isBusy || count === 0}>
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
        <SelectedGuildList guilds={selected} label="Guilds to delete" testId="bulk-delete-names" />
      </ConfirmModal>
    </div>
  );
}
