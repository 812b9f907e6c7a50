import {
  BATTLENET_MESSAGES,
  BATTLENET_REGION_LABELS,
  BATTLENET_REGIONS,
  type BattlenetConnection,
  type BattlenetRegion,
  charactersImported,
} from '@guildhall/contract';
import { Link2, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import { useBattlenetConnectionQuery, useConnectBattlenetMutation, useDisconnectBattlenetMutation } from '../../api/battlenet';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { ConfirmModal } from '../../ui/confirm-modal';
import { Fact, Facts } from '../../ui/facts';
import '../../styles/battlenet.css';

/** The verified account: BattleTag, region, what was imported and which roster characters it claimed. */
function ConnectionFacts({ connection }: { connection: BattlenetConnection }) {
  return (
    <>
      <Facts>
        <Fact term="BattleTag" testId="battlenet-battletag">
          {connection.battletag} <Badge tone="good">Verified</Badge>
        </Fact>
        <Fact term="Region" testId="battlenet-region">
          {BATTLENET_REGION_LABELS[connection.region]}
        </Fact>
        <Fact term="World of Warcraft" testId="battlenet-character-count">
          {charactersImported(connection.characterCount)}
        </Fact>
      </Facts>
      <h3 className="battlenet-card__subtitle">Claimed characters</h3>
      {connection.claims.length === 0 ? (
        <p className="card__lead">None of your characters is on the roster of a guild you are a Discord member of.</p>
      ) : (
        <ul className="battlenet-claims" data-testid="battlenet-claims">
          {connection.claims.map((claim) => (
            <li key={claim.characterId} className="battlenet-claims__item">
              <span className="battlenet-claims__name">{claim.name}</span>
              <span className="battlenet-claims__where">
                {claim.realm} · {claim.guildName}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Connect Battle.net: the member proves their Battle.net account on Battle.net (region chosen here), Guildhall
 * imports their WoW characters and claims the ones on their guilds' rosters. The browser comes back to Settings
 * with the outcome.
 */
export function BattlenetCard({ userId }: { userId: string }) {
  const query = useBattlenetConnectionQuery(userId);
  const connect = useConnectBattlenetMutation();
  const disconnect = useDisconnectBattlenetMutation(userId);
  const [region, setRegion] = useState<BattlenetRegion>('us');
  const [isLeaving, setIsLeaving] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const regionId = useId();
  const connection = query.data?.connection ?? null;

  function handleConnect() {
    connect.mutate(region, {
      onSuccess: ({ authUrl }) => {
        setIsLeaving(true);
        window.location.assign(authUrl);
      },
    });
  }

  function handleDisconnect() {
    disconnect.mutate(undefined, { onSettled: () => setIsConfirming(false) });
  }

  const isBusy = connect.isPending || isLeaving;
  return (
    <Card title="Battle.net" data-testid="battlenet-card">
      {query.data && !query.data.isConfigured ? (
        <p className="card__lead" data-testid="battlenet-not-configured">
          {BATTLENET_MESSAGES.notConfigured}
        </p>
      ) : (
        <>
          <p className="card__lead">
            Connect your Battle.net account to prove which World of Warcraft characters are yours. They are linked to you in the
            guilds you are a Discord member of.
          </p>
          {connection && <ConnectionFacts connection={connection} />}
          <div className="form__actions battlenet-card__actions">
            <label htmlFor={regionId} className="battlenet-card__region-label">
              Region
            </label>
            <select
              id={regionId}
              className="input battlenet-card__region"
              value={region}
              onChange={(event) => setRegion(event.target.value as BattlenetRegion)}
              data-testid="battlenet-region-select"
            >
              {BATTLENET_REGIONS.map((value) => (
                <option key={value} value={value}>
                  {BATTLENET_REGION_LABELS[value]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button--primary"
              onClick={handleConnect}
              disabled={isBusy || query.isPending}
              data-testid="battlenet-connect"
            >
              <Link2 size={16} aria-hidden="true" />
              {isBusy ? 'Opening Battle.net...' : connection ? 'Import again' : 'Connect Battle.net'}
            </button>
            {connection && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setIsConfirming(true)}
                data-testid="battlenet-disconnect"
              >
                <Unlink size={16} aria-hidden="true" />
                Disconnect
              </button>
            )}
          </div>
        </>
      )}
      <ConfirmModal
        isOpen={isConfirming}
        title="Disconnect Battle.net"
        confirmLabel="Disconnect"
        busyLabel="Disconnecting..."
        isBusy={disconnect.isPending}
        isDanger
        onConfirm={handleDisconnect}
        onClose={() => setIsConfirming(false)}
        testId="battlenet-disconnect-confirm"
      >
        <p>{BATTLENET_MESSAGES.disconnectConfirm}</p>
      </ConfirmModal>
    </Card>
  );
}
