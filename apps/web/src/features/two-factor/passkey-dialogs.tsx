import { type AdminPasskey, adminPasskeyApi, PASSKEY_MESSAGES } from '@guildhall/contract';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useRemovePasskey, useRenamePasskey } from '../../api/admin-passkeys';
import { ConfirmModal } from '../../ui/confirm-modal';
import { useToast } from '../../ui/toast-context';
import { CurrentPasswordField } from './current-password-field';
import { FormAlert } from './form-alert';
import { PasskeyNameField } from './passkey-name-field';
import { useTwoFactorForm } from './use-two-factor-form';

interface PasskeyDialogProps {
  title: string;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  isDanger?: boolean;
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}

/** The question about one passkey, with the form it asks to fill (Enter or the confirm button sends it). */
function PasskeyDialog({
  title,
  confirmLabel,
  busyLabel,
  isBusy,
  isDanger = false,
  formError,
  onSubmit,
  onClose,
  testId,
  children,
}: PasskeyDialogProps) {
  const formId = useId();
  return (
    <ConfirmModal
      isOpen
      title={title}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      isBusy={isBusy}
      isDanger={isDanger}
      formId={formId}
      onClose={() => !isBusy && onClose()}
      testId={testId}
    >
      <form id={formId} className="form" onSubmit={onSubmit} noValidate>
        <FormAlert message={formError} />
        {children}
      </form>
    </ConfirmModal>
  );
}

interface PasskeyActionProps {
  passkey: AdminPasskey;
  onClose: () => void;
}

/** A new name for a passkey. */
export function RenamePasskeyDialog({ passkey, onClose }: PasskeyActionProps) {
  const rename = useRenamePasskey(passkey.id);
  const toast = useToast();
  const form = useTwoFactorForm({ name: passkey.name }, adminPasskeyApi.rename.body, rename, ({ message }) => {
    toast.success(message);
    onClose();
  });
  return (
    <PasskeyDialog
      title={`Rename ${passkey.name}`}
      confirmLabel="Save"
      busyLabel="Saving..."
      isBusy={rename.isPending}
      formError={form.formError}
      onSubmit={form.handleSubmit}
      onClose={onClose}
      testId="rename-passkey"
    >
      <PasskeyNameField
        value={form.values.name}
        error={form.errors.name}
        onChange={(value) => form.handleChange('name', value)}
        isAutoFocused
      />
    </PasskeyDialog>
  );
}

/** Removing a passkey: the question, and the current password. */
export function RemovePasskeyDialog({ passkey, onClose }: PasskeyActionProps) {
  const remove = useRemovePasskey(passkey.id);
  const toast = useToast();
  const form = useTwoFactorForm({ password: '' }, adminPasskeyApi.remove.body, remove, ({ message }) => {
    toast.success(message);
    onClose();
  });
  return (
    <PasskeyDialog
      title={`Remove ${passkey.name}?`}
      confirmLabel="Remove passkey"
      busyLabel="Removing..."
      isBusy={remove.isPending}
      isDanger
      formError={form.formError}
      onSubmit={form.handleSubmit}
      onClose={onClose}
      testId="remove-passkey"
    >
      <p>{PASSKEY_MESSAGES.removeConfirm(passkey.name)}</p>
      <CurrentPasswordField form={form} />
    </PasskeyDialog>
  );
}
