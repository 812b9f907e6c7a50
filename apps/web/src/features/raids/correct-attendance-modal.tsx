import {
  ATTENDANCE_LIMITS,
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceEntry,
  type AttendanceStatus,
} from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useCorrectAttendanceMutation } from '../../api/raid-attendance';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { FormError } from '../../ui/form-error';
import { FormField } from '../../ui/form-field';
import { FormModal } from '../../ui/form-modal';
import { TextField } from '../../ui/text-field';

interface CorrectAttendanceModalProps {
  guildId: string;
  raidId: string;
  entry: AttendanceEntry;
  onClose: () => void;
}

/** An officer corrects one character's attendance, with a note members read in the raid's history. */
export function CorrectAttendanceModal({ guildId, raidId, entry, onClose }: CorrectAttendanceModalProps) {
  const correct = useCorrectAttendanceMutation(guildId, raidId);
  const [status, setStatus] = useState<AttendanceStatus>(entry.status);
  const [note, setNote] = useState('');
  const errors = fieldErrorsFromError(correct.error);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    correct.mutate({ characterId: entry.character.id, status, note }, { onSuccess: onClose });
  }

  return (
    <FormModal
      title={`Correct ${entry.character.name}'s attendance`}
      onClose={onClose}
      onSubmit={handleSubmit}
      submitLabel="Save correction"
      busyLabel="Saving..."
      isBusy={correct.isPending}
      testId="correct-attendance"
    >
      <p>The correction wins over the sign-ups and any report, and everyone in the guild sees it in the raid's history.</p>
      <FormField label="Attendance" error={errors.status} isRequired>
        {(props) => (
          <select {...props} value={status} onChange={(event) => setStatus(event.target.value as AttendanceStatus)}>
            {ATTENDANCE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ATTENDANCE_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label="Note (optional)"
        error={errors.note}
        value={note}
        maxLength={ATTENDANCE_LIMITS.noteLength}
        onChange={setNote}
      />
      <FormError error={correct.error} fields={errors} />
    </FormModal>
  );
}
