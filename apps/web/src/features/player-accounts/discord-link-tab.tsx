import { type DiscordUserLookup, PLAYER_ACCOUNT_MESSAGES, type PlayerAccount } from '@guildhall/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { findDiscordUser } from '../../api/player-accounts';
import { Avatar } from '../../ui/avatar';
import { useToast } from '../../ui/toast-context';
import { discordHandle } from './account-text';
import { CurrentlyLinked } from './currently-linked';

interface DiscordLinkTabProps {
  account: PlayerAccount;
  isLinking: boolean;
  onLink: (discordId: string) => void;
  onUnlink: () => void;
}

/** Discord: the current link with Unlink, and a real lookup by user id (GET /api/admin/discord/user/:id) to link one. */
export function DiscordLinkTab({ account, isLinking, onLink, onUnlink }: DiscordLinkTabProps) {
  const toast = useToast();
  const inputId = useId();
  const [userId, setUserId] = useState('');
  const [found, setFound] = useState<DiscordUserLookup | null>(null);
  const [isSearching, setIsSearching] = useState(false);

  async function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = userId.trim();
    if (!id) {
      toast.error(PLAYER_ACCOUNT_MESSAGES.discordIdRequired);
      return;
    }
    setIsSearching(true);
    setFound(null);
    try {
      const answer = await findDiscordUser(id);
      setFound(answer.data);
      toast.success(PLAYER_ACCOUNT_MESSAGES.discordUserFound);
    } catch (error) {
      toast.error(errorMessage(error, PLAYER_ACCOUNT_MESSAGES.discordUserNotFound));
    } finally {
      setIsSearching(false);
    }
  }

  function handleLink() {
    if (!found) {
      toast.error(PLAYER_ACCOUNT_MESSAGES.discordUserRequired);
      return;
    }
    onLink(found.id);
  }

  return (
    <div className="link-tab" data-testid="discord-link-tab">
      {account.linkState.discord && (
        <CurrentlyLinked onUnlink={onUnlink} provider="Discord">
          <span>{discordHandle(account.discord_metadata) ?? account.discord_metadata?.globalName ?? 'Discord user'}</span>
          <code>{account.discord_id}</code>
        </CurrentlyLinked>
      )}
      <form className="link-search" onSubmit={handleSearch} noValidate>
        <label htmlFor={inputId} className="field__label">
          Discord User ID
        </label>
        <div className="link-search__row">
          <input
            id={inputId}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            placeholder="18-digit number, e.g. 123456789012345678"
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            data-testid="discord-user-id"
          />
          <button type="submit" className="button button--secondary" disabled={isSearching}>
            <Search size={16} aria-hidden="true" />
            {isSearching ? 'Searching...' : 'Search'}
          </button>
        </div>
      </form>
      {found && (
        <div className="link-result" data-testid="discord-result">
          <Avatar name={found.globalName ?? found.username} url={found.avatarUrl} size={40} />
          <div className="link-result__who">
            <p className="link-result__name">{found.globalName ?? found.username}</p>
            <p className="link-result__meta">
              @{found.username}
              {found.discriminator && found.discriminator !== '0' ? `#${found.discriminator}` : ''} · {found.id}
            </p>
            {found.heldBy && found.heldBy.id !== account.id && (
              <p className="link-result__held">Linked to {found.heldBy.displayName}</p>
            )}
          </div>
          {!account.linkState.discord && (
            <button type="button" className="button button--primary" onClick={handleLink} disabled={isLinking}>
              {isLinking ? 'Linking...' : 'Link Discord Account'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
