import type { PlayerAccount } from '@guildhall/contract';
import { AccountDetailDialog } from './account-detail-dialog';
import { AccountFormModal } from './account-form-modal';
import { LinkAccountsDialog } from './link-accounts-dialog';

/** The one dialog open at a time (spec 2 §2: create, edit, view and link are mutually exclusive). */
export type DialogState =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'edit'; account: PlayerAccount }
  | { kind: 'view'; account: PlayerAccount }
  | { kind: 'link'; account: PlayerAccount };

interface AccountDialogsProps {
  dialog: DialogState;
  onChange: (dialog: DialogState) => void;
}

/**
 * Opens the dialog in `dialog`; from view on to edit or link, and after a save or a link back to the view, on the
 * account the write answered (with every character).
 */
export function AccountDialogs({ dialog, onChange }: AccountDialogsProps) {
  const close = () => onChange({ kind: 'closed' });
  const view = (account: PlayerAccount) => onChange({ kind: 'view', account });
  switch (dialog.kind) {
    case 'closed':
      return null;
    case 'create':
      return <AccountFormModal key="new" onClose={close} onSaved={view} />;
    case 'edit':
      return <AccountFormModal key={dialog.account.id} account={dialog.account} onClose={close} onSaved={view} />;
    case 'view':
      return (
        <AccountDetailDialog
          key={dialog.account.id}
          account={dialog.account}
          onClose={close}
          onEdit={(account) => onChange({ kind: 'edit', account })}
          onLink={(account) => onChange({ kind: 'link', account })}
        />
      );
    case 'link':
      return <LinkAccountsDialog key={dialog.account.id} account={dialog.account} onClose={close} onLinked={view} />;
  }
}
