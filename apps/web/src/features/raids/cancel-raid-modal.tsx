import { RAID_LIMITS, type RaidDetail } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useCancelRaidMutation } from '../../api/raid-page';
import { ConfirmModal } from '../../ui/confirm-modal';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormError } from '../../ui/form-error';
import { TextField } from '../../ui/text-field';

interface CancelRaidModalProps {
  guildId: string;
  raid: RaidDetail;
  onClose: () => void;
}

/** Cancelling a raid, confirmed, with the reason everyone signed up sees. */
export function CancelRaidModal({ guildId, raid, onClose }: CancelRaidModalProps) {
  const cancel = useCancelRaidMutation(guildId, raid.id);
  const [reason, setReason] = useState('');
  const errors = fieldErrorsFromError(cancel.error);
  const answered = raid.signups.length;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    cancel.mutate({ version: raid.version, reason }, { onSuccess: onClose });
  }

  return (
    <ConfirmModal
      isOpen
      title={`Cancel ${raid.name}?`}
      confirmLabel="Cancel raid"
      busyLabel="Cancelling..."
      isBusy={cancel.isPending}
      isDanger
      isConfirmDisabled={reason.trim().length === 0}
      formId="cancel-raid-form"
      onClose={onClose}
      testId="cancel-raid"
    >
      <form id="cancel-raid-form" onSubmit={handleSubmit}>
        <p>
          The raid stays on the calendar, marked cancelled; nobody can answer it any more.{' '}
          {answered === 1 ? 'The 1 member who answered sees' : `The ${answered} members who answered see`} the reason.
        </p>
        <TextField
          label="Reason"
          error={errors.reason}
          isRequired
          value={reason}
          maxLength={RAID_LIMITS.reasonLength}
          onChange={setReason}
          required
        />
        <FormError error={cancel.error} fields={errors} />
      </form>
    </ConfirmModal>
  );
}
