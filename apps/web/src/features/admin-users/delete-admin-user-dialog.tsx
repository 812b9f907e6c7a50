import type { AdminUserRow } from '@guildhall/contract';
import { useState } from 'react';
import { useDeleteAdminUser } from '../../api/admin-users';
import { ConfirmModal } from '../../ui/confirm-modal';
import { TextField } from '../../ui/text-field';

interface DeleteAdminUserDialogProps {
  user: AdminUserRow;
  onClose: () => void;
}

/**
 * Delete with a confirm: soft by default (the account stays, cannot sign in, and shows under Deleted); permanently
 * only when chosen and the username is typed. A soft-deleted account can only be removed for good.
 */
export function DeleteAdminUserDialog({ user, onClose }: DeleteAdminUserDialogProps) {
  const remove = useDeleteAdminUser();
  const isDeleted = user.status === 'deleted';
  const [isHard, setIsHard] = useState(isDeleted);
  const [typed, setTyped] = useState('');
  const isTypedRight = typed.trim() === user.username;

  function handleConfirm() {
    remove.mutate({ id: user.id, hard: isHard }, { onSuccess: onClose });
  }

  return (
    <ConfirmModal
      isOpen
      title={`Delete ${user.username}?`}
      confirmLabel={isHard ? 'Delete permanently' : 'Delete'}
      busyLabel="Deleting..."
      isBusy={remove.isPending}
      isDanger
      isConfirmDisabled={isHard && !isTypedRight}
      onConfirm={handleConfirm}
      onClose={onClose}
      testId="delete-admin-user"
    >
      {isDeleted ? (
        <p>This account is already deleted. Removing it permanently erases its row; its audit records keep its name.</p>
      ) : (
        <fieldset className="delete-choice">
          <legend className="visually-hidden">How to delete</legend>
          <label className="checkbox">
            <input type="radio" name="delete-kind" checked={!isHard} onChange={() => setIsHard(false)} />
            <span>
              <strong>Delete</strong>: the account is kept but can no longer sign in; its sessions end.
            </span>
          </label>
          <label className="checkbox">
            <input type="radio" name="delete-kind" checked={isHard} onChange={() => setIsHard(true)} />
            <span>
              <strong>Delete permanently</strong>: the account is removed and cannot be restored.
            </span>
          </label>
        </fieldset>
      )}
      {isHard && (
        <div className="delete-choice__confirm">
          <TextField
            label={`Type ${user.username} to confirm`}
            autoComplete="off"
            value={typed}
            onChange={setTyped}
            data-testid="delete-admin-user-typed"
          />
        </div>
      )}
    </ConfirmModal>
  );
}
