import { duplicateGuildQuestion, type GuildDuplicateRefusal } from '@guildhall/contract';
import { ConfirmModal } from '../../ui/confirm-modal';
import { formatDate } from '../../ui/format-date';

interface DuplicateGuildConfirmProps {
  /** The server's refusal naming the guild the new one would repeat; null while there is none. */
  duplicate: GuildDuplicateRefusal | null;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'A guild named X on S (R) exists already (created …). Create another?' over the guild form. */
export function DuplicateGuildConfirm({ duplicate, isBusy, onConfirm, onClose }: DuplicateGuildConfirmProps) {
  return (
    <ConfirmModal
      isOpen={duplicate !== null}
      title="Guild Exists Already"
      confirmLabel="Create Another"
      busyLabel="Saving..."
      isBusy={isBusy}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="duplicate-guild-modal"
    >
      {duplicate && (
        <p>
          {duplicateGuildQuestion({
            guild_name: duplicate.existingGuildName,
            server: duplicate.existingServer,
            region: duplicate.existingRegion,
            createdText: formatDate(duplicate.existingCreatedAt),
          })}
        </p>
      )}
    </ConfirmModal>
  );
}
