import { PLAYER_ACCOUNT_PAGE, type PlayerAccount } from '@guildhall/contract';
import { Eye, Link2, Pencil } from 'lucide-react';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { formatRelative } from '../../ui/format-date';
import {
  discordAvatarUrl,
  discordHandle,
  LINK_BADGES,
  levelText,
  linkCompleteness,
  STATUS_TONES,
  statusLabel,
} from './account-text';
import { useAccountPermissions } from './use-account-permissions';

interface AccountCardProps {
  account: PlayerAccount;
  isSelected: boolean;
  /** The checkbox shows only to admins who may change accounts in bulk. */
  canSelect: boolean;
  onToggle: (account: PlayerAccount) => void;
  onView: (account: PlayerAccount) => void;
  onEdit: (account: PlayerAccount) => void;
  onLink: (account: PlayerAccount) => void;
}

/** One account of the grid: select, name, status and links, up to five characters, view/edit/link. */
export function AccountCard({ account, isSelected, canSelect, onToggle, onView, onEdit, onLink }: AccountCardProps) {
  const { canEdit, canLink } = useAccountPermissions();
  const link = LINK_BADGES[linkCompleteness(account)];
  const characters = (account.characters ?? []).slice(0, PLAYER_ACCOUNT_PAGE.cardCharacters);
  const more = (account.characterSummary?.count ?? characters.length) - characters.length;
  const handle = discordHandle(account.discord_metadata);
  return (
    <li className={`account-card${isSelected ? ' account-card--selected' : ''}`} data-testid="account-card" data-id={account.id}>
      <div className="account-card__top">
        {canSelect && (
          <input
            type="checkbox"
            className="account-card__check"
            checked={isSelected}
            onChange={() => onToggle(account)}
            aria-label={`Select ${account.displayName}`}
          />
        )}
        <Avatar name={account.displayName} url={discordAvatarUrl(account)} size={40} />
        <div className="account-card__who">
          <h3 className="account-card__name">{account.displayName}</h3>
          <p className="account-card__sub">{account.email ?? handle ?? 'No email'}</p>
        </div>
      </div>
      <div className="account-card__badges">
        <Badge tone={STATUS_TONES[account.account_status]}>{statusLabel(account.account_status)}</Badge>
        <Badge tone={link.tone}>{link.label}</Badge>
      </div>
      <dl className="account-card__links">
        <div>
          <dt>Discord</dt>
          <dd>{account.linkState.discord ? (handle ?? account.discord_id) : 'Not linked'}</dd>
        </div>
        <div>
          <dt>Battle.net</dt>
          <dd>{account.linkState.battlenet ? (account.battlenet_metadata?.battletag ?? account.battlenet_id) : 'Not linked'}</dd>
        </div>
      </dl>
      {characters.length > 0 ? (
        <ul className="account-card__characters" aria-label={`Characters of ${account.displayName}`}>
          {characters.map((character) => (
            <li key={character.id}>
              <span className="account-card__character">{character.character_name}</span>
              <span className="account-card__character-meta">
                {levelText(character.level)} {character.class}
              </span>
            </li>
          ))}
          {more > 0 && <li className="account-card__more">+{more} more</li>}
        </ul>
      ) : (
        <p className="account-card__none">No characters</p>
      )}
      <div className="account-card__footer">
        <span className="account-card__updated">Updated {formatRelative(account.updated_at)}</span>
        <div className="account-card__actions">
          <button
            type="button"
            className="icon-button"
            onClick={() => onView(account)}
            aria-label={`View ${account.displayName}`}
          >
            <Eye size={16} aria-hidden="true" />
          </button>
          {canEdit && (
            <button
              type="button"
              className="icon-button"
              onClick={() => onEdit(account)}
              aria-label={`Edit ${account.displayName}`}
            >
              <Pencil size={16} aria-hidden="true" />
            </button>
          )}
          {canLink && !account.linkState.fully && (
            <button
              type="button"
              className="icon-button"
              onClick={() => onLink(account)}
              aria-label={`Link accounts of ${account.displayName}`}
            >
              <Link2 size={16} aria-hidden="true" />
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
