import { type FormEvent, type ReactNode, type Ref, useId } from 'react';
import { Modal, type ModalSize } from './modal';

interface FormModalProps {
  title: string;
  size?: ModalSize;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's words ('Create role') and its words while the call runs ('Creating...'). */
  submitLabel: string;
  busyLabel: string;
  /** While the call runs the buttons hold and the dialog does not close, so nothing is sent twice or lost. */
  isBusy: boolean;
  /** A destructive submit gets a red button. */
  isDanger?: boolean;
  /** The form's own class beside `form` ('guild-form'). */
  className?: string;
  /** The form's test id. */
  testId?: string;
  /** The form element, for a screen that moves focus to its first invalid field. */
  formRef?: Ref<HTMLFormElement>;
  /** Replaces Cancel and submit once the form is done (a result with Close). */
  footer?: ReactNode;
  /** What the call answered: shown instead of the form, with one button that closes the dialog. */
  result?: ReactNode;
  /** That button's words ('Close'). */
  doneLabel?: string;
  children: ReactNode;
}

/** A dialog holding one form: its fields, then Cancel and the submit button in the footer; then its result, if any. */
export function FormModal(props: FormModalProps) {
  const { title, size = 'md', onClose, onSubmit, submitLabel, busyLabel, isBusy, isDanger = false, result } = props;
  const formId = useId();
  const done = result ? (
    <button type="button" className="button button--primary" onClick={onClose}>
      {props.doneLabel ?? 'Close'}
    </button>
  ) : undefined;
  return (
    <Modal
      isOpen
      title={title}
      size={size}
      onClose={() => !isBusy && onClose()}
      footer={
        done ??
        props.footer ?? (
          <>
            <button type="button" className="button button--secondary" onClick={onClose} disabled={isBusy}>
              Cancel
            </button>
            <button
              type="submit"
              form={formId}
              className={`button ${isDanger ? 'button--danger' : 'button--primary'}`}
              disabled={isBusy}
            >
              {isBusy ? busyLabel : submitLabel}
            </button>
          </>
        )
      }
    >
      {result ?? (
        <form
          ref={props.formRef}
          id={formId}
          className={props.className ? `form ${props.className}` : 'form'}
          onSubmit={onSubmit}
          noValidate
          data-testid={props.testId}
        >
          {props.children}
        </form>
      )}
    </Modal>
  );
}
