import { type LinkProvider, PLAYER_ACCOUNT_MESSAGES, unlinkConfirmation } from '@guildhall/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal';
import { TextField } from '../../ui/text-field';

/** The reason the spec's unlink sends (spec 2 §7); the admin may write another, and the audit log keeps it. */
export const DEFAULT_UNLINK_REASON = 'Admin unlink via linking tools';

interface UnlinkConfirmProps {
  provider: LinkProvider | null;
  isBusy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** 'Are you sure you want to unlink the {provider} account? This action cannot be undone.', with the reason to keep. */
export function UnlinkConfirm({ provider, isBusy, onConfirm, onClose }: UnlinkConfirmProps) {
  const [reason, setReason] = useState(DEFAULT_UNLINK_REASON);
  const [error, setError] = useState<string | undefined>();

  function handleConfirm() {
    if (!reason.trim()) {
      setError(PLAYER_ACCOUNT_MESSAGES.reasonRequired);
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <ConfirmModal
      isOpen={provider !== null}
      title="Unlink Account"
      confirmLabel="Unlink"
      busyLabel="Unlinking..."
      isBusy={isBusy}
      isDanger
      onConfirm={handleConfirm}
      onClose={onClose}
      testId="unlink-confirm"
    >
      {provider && <p>{unlinkConfirmation(provider)}</p>}
      <TextField
        label="Reason"
        error={error}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
        data-testid="unlink-reason"
      />
    </ConfirmModal>
  );
}
