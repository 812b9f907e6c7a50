import type { ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmModalProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Text of the confirm button while the action runs. */
  busyLabel?: string;
  isBusy?: boolean;
  /** A destructive action gets a red button. */
  isDanger?: boolean;
  /** Disables the confirm button, e.g. until a typed confirmation matches. */
  isConfirmDisabled?: boolean;
  /** A question that asks for something (a password): the confirm button submits this form of the children instead. */
  formId?: string;
  onConfirm?: () => void;
  onClose: () => void;
  testId?: string;
}

/** A question with Cancel and a confirm button. */
export function ConfirmModal({
  isOpen,
  title,
  children,
  confirmLabel,
  busyLabel,
  isBusy = false,
  isDanger = false,
  isConfirmDisabled = false,
  formId,
  onConfirm,
  onClose,
  testId,
}: ConfirmModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      size="sm"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={isBusy}>
            Cancel
          </button>
          <button
            type={formId ? 'submit' : 'button'}
            form={formId}
            className={`button ${isDanger ? 'button--danger' : 'button--primary'}`}
            onClick={onConfirm}
            disabled={isBusy || isConfirmDisabled}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {isBusy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <div className="confirm-modal" data-testid={testId}>
        {children}
      </div>
    </Modal>
  );
}

/** The call that acts on the row (a delete, an end), as a TanStack mutation offers it. */
interface ItemMutation<Variables> {
  mutate: (variables: Variables, options: { onSettled: () => void }) => void;
  isPending: boolean;
}

/** The call takes the row's id, or what `variables` makes of the row. */
type ItemCall<Item, Variables> =
  | { mutation: ItemMutation<Item extends { id: infer Id } ? Id : never>; variables?: undefined }
  | { mutation: ItemMutation<Variables>; variables: (item: Item) => Variables };

type ConfirmItemModalProps<Item, Variables> = Omit<ConfirmModalProps, 'isOpen' | 'isBusy' | 'onConfirm' | 'formId'> &
  ItemCall<Item, Variables> & {
    /** The row asked about: the question is open while there is one. */
    item: Item | null;
  };

/**
 * The question before acting on one row of a list (delete this window?), busy while the call runs; the question
 * closes once the call has settled.
 */
export function ConfirmItemModal<Item, Variables = never>({
  item,
  mutation,
  variables,
  onClose,
  ...modal
}: ConfirmItemModalProps<Item, Variables>) {
  const call = mutation as ItemMutation<unknown>;
  return (
    <ConfirmModal
      {...modal}
      isOpen={item !== null}
      isBusy={mutation.isPending}
      onConfirm={() =>
        item && call.mutate(variables ? variables(item) : (item as unknown as { id: unknown }).id, { onSettled: onClose })
      }
      onClose={onClose}
    />
  );
}
