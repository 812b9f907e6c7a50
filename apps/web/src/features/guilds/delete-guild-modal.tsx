import type { GuildTenant } from '@guildhall/contract';
import { useDeleteGuildMutation } from '../../api/guild-mutations';
import { ConfirmModal } from '../../ui/confirm-modal';

interface DeleteGuildModalProps {
  guild: GuildTenant | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

/** 'Delete Guild': confirms deleting one guild tenant and everything it owns. */
export function DeleteGuildModal({ guild, onClose, onDeleted }: DeleteGuildModalProps) {
  const mutation = useDeleteGuildMutation();

  function handleConfirm() {
    if (!guild) return;
    mutation.mutate(guild.id, {
      onSuccess: () => {
        onDeleted(guild.id);
        onClose();
      },
    });
  }

  return (
    <ConfirmModal
      isOpen={guild !== null}
      title="Delete Guild"
      confirmLabel="Delete Guild"
      busyLabel="Deleting..."
      isBusy={mutation.isPending}
      isDanger
      onConfirm={handleConfirm}
      onClose={onClose}
      testId="delete-guild-modal"
    >
      <p>
        Are you sure you want to delete <strong>{guild?.guild_name}</strong> ({guild?.server}, {guild?.region})? Its characters,
        loot, raid events and Discord data are deleted with it. This action cannot be undone.
      </p>
    </ConfirmModal>
  );
}
