import type { LinkHolder } from '../../api/player-account-mutations';
import { ConfirmModal } from '../../ui/confirm-modal';

interface ForceLinkConfirmProps {
  holder: LinkHolder | null;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The server refused a link another account holds (409 naming it): move it here anyway? */
export function ForceLinkConfirm({ holder, isBusy, onConfirm, onClose }: ForceLinkConfirmProps) {
  return (
    <ConfirmModal
      isOpen={holder !== null}
      title="Already Linked"
      confirmLabel="Link Anyway"
      busyLabel="Linking..."
      isBusy={isBusy}
      isDanger
      onConfirm={onConfirm}
      onClose={onClose}
      testId="force-link"
    >
      <p>{holder?.message}</p>
    </ConfirmModal>
  );
}
