interface FormActionsProps {
  /** The submit button's words ('Save changes'), and its words while the call runs ('Saving...'). */
  submitLabel: string;
  busyLabel: string;
  /** The call runs: the submit button holds, so nothing is sent twice. */
  isBusy: boolean;
  /** Holds the submit button besides (nothing chosen yet). */
  isDisabled?: boolean;
  onCancel: () => void;
  /** The row's class, from the screen's sheet. */
  className: string;
}

/** Cancel and the submit button at the end of a form that sits in a dialog's body (the buttons stay in the form). */
export function FormActions({ submitLabel, busyLabel, isBusy, isDisabled = false, onCancel, className }: FormActionsProps) {
  return (
    <div className={className}>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={isBusy || isDisabled}>
        {isBusy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
