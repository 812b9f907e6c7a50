import { type PlayerAccount, SELECTABLE_ACCOUNT_STATUSES } from '@guildhall/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { hasAccountFieldErrors, linkHolderOf, useSaveAccountMutation } from '../../api/player-account-mutations';
import { ConfirmModal } from '../../ui/confirm-modal';
import type { FieldErrors } from '../../ui/field-errors';
import { withoutField } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { FormModal } from '../../ui/form-modal';
import { TextField } from '../../ui/text-field';
import { type AccountFormValues, accountToForm, emptyAccountForm, isFormDirty, validateAccountForm } from './account-form-values';
import { statusLabel } from './account-text';
import { type LookupHint, useIdLookups } from './use-id-lookups';

interface AccountFormModalProps {
  /** The account to edit; absent to create one. */
  account?: PlayerAccount;
  onClose: () => void;
  onSaved: (account: PlayerAccount) => void;
}

function Hint({ hint }: { hint: LookupHint }) {
  return (
    <span className="lookup-hint" data-testid="lookup-hint">
      {hint.avatarUrl && <img src={hint.avatarUrl} alt="" className="lookup-hint__avatar" />}
      {hint.text}
    </span>
  );
}

/** Create or edit a player account (spec 2 §2): the contract's rules, the server's field errors, unsaved changes asked about. */
export function AccountFormModal({ account, onClose, onSaved }: AccountFormModalProps) {
  const save = useSaveAccountMutation();
  const [initial] = useState<AccountFormValues>(() => (account ? accountToForm(account) : emptyAccountForm()));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isConfirmingClose, setIsConfirmingClose] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const lookups = useIdLookups();
  const isEditing = account !== undefined;

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function handleChange(field: keyof AccountFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(current, field));
  }

  function handleClose() {
    if (save.isPending) return;
    if (isFormDirty(values, initial)) setIsConfirmingClose(true);
    else onClose();
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    setFocusRequest((count) => count + 1);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const result = validateAccountForm(values);
    if (!result.success) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: account?.id ?? null, body: result.body },
      {
        onSuccess: (answer) => onSaved(answer.data),
        onError: (error) => {
          if (hasAccountFieldErrors(error)) showErrors(error.fields);
          const holder = linkHolderOf(error);
          if (holder) showErrors({ [holder.provider === 'discord' ? 'discordId' : 'battlenetId']: holder.message });
        },
      },
    );
  }

  const text = (field: 'displayName' | 'email' | 'discordId' | 'battlenetId', label: string, extra: object = {}) => (
    <TextField
      label={label}
      error={errors[field]}
      isRequired={field === 'displayName'}
      hint={hintOf(field)}
      {...extra}
      name={field}
      value={values[field]}
      onChange={(value) => handleChange(field, value)}
      onBlur={
        field === 'discordId'
          ? (event) => lookups.lookUpDiscord(event.target.value)
          : field === 'battlenetId'
            ? (event) => lookups.lookUpBattlenet(event.target.value)
            : undefined
      }
      data-testid={`account-form-${field}`}
    />
  );

  function hintOf(field: string) {
    const hint = field === 'discordId' ? lookups.discord : field === 'battlenetId' ? lookups.battlenet : null;
    return hint ? <Hint hint={hint} /> : undefined;
  }

  return (
    <>
      <FormModal
        title={isEditing ? `Edit Account: ${account.displayName}` : 'Create Player Account'}
        size="md"
        onClose={handleClose}
        onSubmit={handleSubmit}
        submitLabel={isEditing ? 'Save Account' : 'Create Account'}
        busyLabel="Saving..."
        isBusy={save.isPending}
        testId="account-form"
        formRef={formRef}
      >
        {text('displayName', 'Display Name', { autoComplete: 'off', 'data-autofocus': true })}
        {text('email', 'Email', { type: 'email', autoComplete: 'off' })}
        {text('discordId', 'Discord ID', { inputMode: 'numeric', placeholder: '18-digit Discord user ID' })}
        {text('battlenetId', 'Battle.net ID', { placeholder: 'Battle.net account ID or BattleTag' })}
        <FormField label="Status" error={errors.accountStatus}>
          {(props) => (
            <select
              {...props}
              name="accountStatus"
              value={values.accountStatus}
              onChange={(event) => handleChange('accountStatus', event.target.value)}
              data-testid="account-form-accountStatus"
            >
              {SELECTABLE_ACCOUNT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
              {initial.accountStatus === 'merged' && (
                <option value="merged" disabled>
                  Merged
                </option>
              )}
            </select>
          )}
        </FormField>
        <FormField label="Notes" error={errors.notes}>
          {(props) => (
            <textarea
              {...props}
              name="notes"
              rows={3}
              value={values.notes}
              onChange={(event) => handleChange('notes', event.target.value)}
              data-testid="account-form-notes"
            />
          )}
        </FormField>
      </FormModal>
      <ConfirmModal
        isOpen={isConfirmingClose}
        title="Discard changes?"
        confirmLabel="Discard"
        isDanger
        onConfirm={() => {
          setIsConfirmingClose(false);
          onClose();
        }}
        onClose={() => setIsConfirmingClose(false)}
        testId="discard-changes"
      >
        <p>You have unsaved changes. Close without saving them?</p>
      </ConfirmModal>
    </>
  );
}
