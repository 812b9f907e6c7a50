import { BATTLENET_REGIONS, type BattlenetUserLookup, PLAYER_ACCOUNT_MESSAGES, type PlayerAccount } from '@guildhall/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { findBattlenetUser } from '../../api/player-accounts';
import { useToast } from '../../ui/toast-context';
import { CurrentlyLinked } from './currently-linked';

type Region = (typeof BATTLENET_REGIONS)[number];

interface BattlenetLinkTabProps {
  account: PlayerAccount;
  isLinking: boolean;
  onLink: (found: BattlenetUserLookup, region: Region) => void;
  onUnlink: () => void;
}

/**
 * Battle.net: the current link with Unlink, and a search of the verified connections by BattleTag. Battle.net
 * accounts are known only once a member connected theirs, so a miss says how the player can connect.
 */
export function BattlenetLinkTab({ account, isLinking, onLink, onUnlink }: BattlenetLinkTabProps) {
  const toast = useToast();
  const tagId = useId();
  const regionId = useId();
  const [battletag, setBattletag] = useState('');
  const [region, setRegion] = useState<Region>('us');
  const [found, setFound] = useState<BattlenetUserLookup | null>(null);
  const [missed, setMissed] = useState<string | null>(null);
  const [isSearching, setIsSearching] = useState(false);

  async function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const tag = battletag.trim();
    if (!tag) {
      toast.error(PLAYER_ACCOUNT_MESSAGES.battletagRequired);
      return;
    }
    setIsSearching(true);
    setFound(null);
    setMissed(null);
    try {
      const answer = await findBattlenetUser(tag);
      setFound(answer.data);
      setRegion(answer.data.region);
      toast.success(PLAYER_ACCOUNT_MESSAGES.battlenetAccountFound);
    } catch (error) {
      const message = errorMessage(error, PLAYER_ACCOUNT_MESSAGES.battlenetAccountNotFound);
      toast.error(message);
      if (error instanceof ApiError && error.status === 404) setMissed(message);
    } finally {
      setIsSearching(false);
    }
  }

  function handleLink() {
    if (!found) {
      toast.error(PLAYER_ACCOUNT_MESSAGES.battlenetIdRequired);
      return;
    }
    onLink(found, region);
  }

  return (
    <div className="link-tab" data-testid="battlenet-link-tab">
      {account.linkState.battlenet && (
        <CurrentlyLinked onUnlink={onUnlink} provider="Battle.net">
          <span>{account.battlenet_metadata?.battletag ?? 'Battle.net account'}</span>
          <code>{account.battlenet_id}</code>
        </CurrentlyLinked>
      )}
      <form className="link-search" onSubmit={handleSearch} noValidate>
        <div className="link-search__fields">
          <div className="link-search__field">
            <label htmlFor={tagId} className="field__label">
              BattleTag
            </label>
            <input
              id={tagId}
              className="input"
              autoComplete="off"
              placeholder="Username#12345"
              value={battletag}
              onChange={(event) => setBattletag(event.target.value)}
              data-testid="battletag"
            />
          </div>
          <div className="link-search__field link-search__field--region">
            <label htmlFor={regionId} className="field__label">
              Region
            </label>
            <select id={regionId} className="input" value={region} onChange={(event) => setRegion(event.target.value as Region)}>
              {BATTLENET_REGIONS.map((value) => (
                <option key={value} value={value}>
                  {value.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className="button button--secondary" disabled={isSearching}>
          <Search size={16} aria-hidden="true" />
          {isSearching ? 'Searching...' : 'Search Account'}
        </button>
      </form>
      {missed && (
        <div className="note note--info" data-testid="battlenet-missed">
          <p>{missed}</p>
          {!missed.includes(PLAYER_ACCOUNT_MESSAGES.battlenetHowToConnect) && (
            <p>{PLAYER_ACCOUNT_MESSAGES.battlenetHowToConnect}</p>
          )}
        </div>
      )}
      {found && (
        <div className="link-result" data-testid="battlenet-result">
          <div className="link-result__who">
            <p className="link-result__name">{found.battletag}</p>
            <p className="link-result__meta">
              {found.region.toUpperCase()} · {found.battlenetId} · {found.characterCount} characters
            </p>
            {found.heldBy && found.heldBy.id !== account.id && (
              <p className="link-result__held">Linked to {found.heldBy.displayName}</p>
            )}
          </div>
          {!account.linkState.battlenet && (
            <button type="button" className="button button--primary" onClick={handleLink} disabled={isLinking}>
              {isLinking ? 'Linking...' : 'Link Battle.net Account'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
