import type { PlayerAccount } from '@guildhall/contract';
import { Link2, Pencil } from 'lucide-react';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Modal } from '../../ui/modal';
import { AccountCharacters, AccountInformation, AccountNotes, AuditInformation, ExternalLinks } from './account-detail-sections';
import { discordAvatarUrl, LINK_BADGES, linkCompleteness, STATUS_TONES, statusLabel } from './account-text';
import { useAccountDetail } from './use-account-detail';
import { useAccountPermissions } from './use-account-permissions';

interface AccountDetailDialogProps {
  account: PlayerAccount;
  onClose: () => void;
  onEdit: (account: PlayerAccount) => void;
  onLink: (account: PlayerAccount) => void;
}

/** Everything about one account (spec 2 §2 "Account detail dialog"), with the way on to edit or link it. */
export function AccountDetailDialog({ account: opened, onClose, onEdit, onLink }: AccountDetailDialogProps) {
  const account = useAccountDetail(opened);
  const { canEdit, canLink, canSeeAudit } = useAccountPermissions();
  const link = LINK_BADGES[linkCompleteness(account)];
  const isActive = account.account_status === 'active';
  return (
    <Modal
      isOpen
      title="Player Account Details"
      size="lg"
      onClose={onClose}
      footer={
        <>
          {canLink && !account.linkState.fully && (
            <button type="button" className="button button--secondary" onClick={() => onLink(account)}>
              <Link2 size={16} aria-hidden="true" />
              Link Accounts
            </button>
          )}
          {canEdit && (
            <button type="button" className="button button--secondary" onClick={() => onEdit(account)}>
              <Pencil size={16} aria-hidden="true" />
              Edit Account
            </button>
          )}
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="account-detail" data-testid="account-detail">
        <header className="account-detail__header">
          <Avatar name={account.displayName} url={discordAvatarUrl(account)} size={64} />
          <div className="account-detail__who">
            <p className="account-detail__name" data-testid="account-detail-name">
              {account.displayName}
              <span
                className={`account-dot${isActive ? ' account-dot--active' : ''}`}
                role="img"
                aria-label={isActive ? 'Active' : 'Inactive'}
              />
            </p>
            <div className="account-card__badges">
              <Badge tone={STATUS_TONES[account.account_status]} data-testid="account-detail-status">
                {statusLabel(account.account_status)}
              </Badge>
              <Badge tone={link.tone} data-testid="account-detail-link-state">
                {link.label}
              </Badge>
            </div>
          </div>
        </header>
        <AccountInformation account={account} />
        <ExternalLinks account={account} />
        <AccountCharacters account={account} />
        <AccountNotes notes={account.notes} />
        {canSeeAudit && <AuditInformation account={account} />}
      </div>
    </Modal>
  );
}
