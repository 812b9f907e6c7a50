import { type AccountStatus, type PlayerAccount, type PlayerAccountInput, playerAccountInput } from '@guildhall/contract';
import { type FieldErrors, fieldErrorsFromIssues } from '../../ui/field-errors';

/** The form's text values, as the inputs hold them (spec 2 §3 form payload names). */
export interface AccountFormValues {
  displayName: string;
  email: string;
  discordId: string;
  battlenetId: string;
  accountStatus: AccountStatus;
  notes: string;
}

/** A new account's form. */
export const emptyAccountForm = (): AccountFormValues => ({
  displayName: '',
  email: '',
  discordId: '',
  battlenetId: '',
  accountStatus: 'active',
  notes: '',
});

/** An account's values in the form. */
export const accountToForm = (account: PlayerAccount): AccountFormValues => ({
  displayName: account.displayName,
  email: account.email ?? '',
  discordId: account.discord_id ?? '',
  battlenetId: account.battlenet_id ?? '',
  accountStatus: account.account_status,
  notes: account.notes ?? '',
});

/** True when a value differs from where the form started: closing then asks first. */
export const isFormDirty = (values: AccountFormValues, initial: AccountFormValues): boolean =>
  (Object.keys(initial) as (keyof AccountFormValues)[]).some((field) => values[field] !== initial[field]);

/** The body to send, checked by the contract's schema (blank optional values become null), or each field's first message. */
export function validateAccountForm(
  values: AccountFormValues,
): { success: true; body: PlayerAccountInput } | { success: false; errors: FieldErrors } {
  const result = playerAccountInput.safeParse(values);
  if (!result.success) return { success: false, errors: fieldErrorsFromIssues(result.error.issues) };
  return { success: true, body: result.data };
}
