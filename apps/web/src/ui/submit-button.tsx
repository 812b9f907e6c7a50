import type { ReactNode } from 'react';

interface SubmitButtonProps {
  children: string;
  icon?: ReactNode;
  /** Disables the button while the form is sent. */
  isBusy: boolean;
  /** Replaces the label while busy ('Signing In...'); without one the label stays. */
  busyLabel?: string;
  /** Disabled for another reason too (a required field is empty). */
  isDisabled?: boolean;
  /** The full width of the form, as on the sign-in cards. */
  isBlock?: boolean;
}

/** A form's primary submit button. */
export function SubmitButton({ children, icon, isBusy, busyLabel, isDisabled = false, isBlock = false }: SubmitButtonProps) {
  return (
    <button type="submit" className={`button button--primary${isBlock ? ' button--block' : ''}`} disabled={isBusy || isDisabled}>
      {icon}
      {isBusy && busyLabel ? busyLabel : children}
    </button>
  );
}
