import type { PlayerAccount } from '@guildhall/contract';
import { AccountCard } from './account-card';

interface AccountGridProps {
  accounts: readonly PlayerAccount[];
  selected: ReadonlySet<string>;
  canSelect: boolean;
  isLoading: boolean;
  onToggle: (account: PlayerAccount) => void;
  onTogglePage: (select: boolean) => void;
  onView: (account: PlayerAccount) => void;
  onEdit: (account: PlayerAccount) => void;
  onLink: (account: PlayerAccount) => void;
}

/** The page's accounts as cards in a 1/2/3-column grid, with 'Select all on this page' for bulk edits. */
export function AccountGrid({ accounts, selected, canSelect, isLoading, onToggle, onTogglePage, ...actions }: AccountGridProps) {
  const isAllSelected = accounts.length > 0 && accounts.every((account) => selected.has(account.id));
  return (
    <>
      {canSelect && accounts.length > 0 && (
        <label className="account-select-all">
          <input type="checkbox" checked={isAllSelected} onChange={() => onTogglePage(!isAllSelected)} />
          Select all on this page
        </label>
      )}
      <ul className="account-grid" aria-busy={isLoading} data-testid="account-grid">
        {accounts.map((account) => (
          <AccountCard
            key={account.id}
            account={account}
            isSelected={selected.has(account.id)}
            canSelect={canSelect}
            onToggle={onToggle}
            {...actions}
          />
        ))}
      </ul>
    </>
  );
}
