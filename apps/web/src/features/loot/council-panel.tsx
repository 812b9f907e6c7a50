import {
  amountLabel,
  type CouncilItem,
  LOOT_RESPONSE_LABELS,
  LOOT_RESPONSES,
  type LootItem,
  type LootResponse,
  type RaidLoot,
} from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import {
  useDecideMutation,
  useOpenCouncilMutation,
  usePriorityBoardQuery,
  useRequestItemMutation,
  useVoteMutation,
} from '../../api/loot';
import { useOwnCharactersQuery } from '../../api/raids';
import { Badge } from '../../ui/badge';
import { FormError } from '../../ui/form-error';
import { formatRelative } from '../../ui/format-date';
import { EmptyHint } from '../../ui/query-state';
import { ItemPicker } from './item-picker';

/**
 * What the council sees before it decides: who wishes for the item, their standing, the guild's weighting of their
 * attendance and recent upgrades, and their last upgrade.
 */
function PriorityBoard({ guildId, itemId, ledger }: { guildId: string; itemId: number; ledger: 'dkp' | 'epgp' | null }) {
  const board = usePriorityBoardQuery(guildId, itemId).data?.board ?? [];
  if (board.length === 0) return <p className="loot-note">Nobody has this item on a wishlist.</p>;
  return (
    <ol className="loot-board" aria-label="Priority board" data-testid="priority-board">
      {board.map((line) => (
        <li key={line.character.id}>
          <strong>{line.character.name}</strong> · wishlist #{line.rank}
          {line.standing && ledger === 'dkp' ? ` · ${amountLabel(line.standing.points)} DKP` : ''}
          {line.standing && ledger === 'epgp' ? ` · priority ${line.standing.priority}` : ''}
          {` · weighting ${amountLabel(line.weighting.score)} (attended ${line.weighting.attended} of ${line.weighting.raids} raids, ${line.weighting.recentUpgrades} recent ${line.weighting.recentUpgrades === 1 ? 'upgrade' : 'upgrades'})`}
          {` · last upgrade ${line.lastUpgradeAt ? formatRelative(line.lastUpgradeAt) : 'never'}`}
          {line.note ? ` · “${line.note}”` : ''}
        </li>
      ))}
    </ol>
  );
}

/** A member asks for the item with one of their characters in the raid. */
function RequestForm({ guildId, item, loot }: { guildId: string; item: CouncilItem; loot: RaidLoot }) {
  const own = useOwnCharactersQuery(guildId).data?.characters ?? [];
  const eligible = own.filter((c) => loot.roster.some((r) => r.id === c.id && r.presence !== 'bench'));
  const request = useRequestItemMutation(guildId);
  const [response, setResponse] = useState<LootResponse>('upgrade');
  const [note, setNote] = useState('');
  if (eligible.length === 0) return null;
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ councilItemId: item.id, characterId: eligible[0]!.id, response, note });
  }
  return (
    <form className="loot-inline-form" onSubmit={handleSubmit} aria-label={`Ask for ${item.itemName}`}>
      <label className="loot-inline-form__field">
        <span className="field__label">Your response</span>
        <select className="input" value={response} onChange={(event) => setResponse(event.target.value as LootResponse)}>
          {LOOT_RESPONSES.map((value) => (
            <option key={value} value={value}>
              {LOOT_RESPONSE_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="loot-inline-form__field">
        <span className="field__label">Note</span>
        <input className="input" maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <button type="submit" className="button button--secondary" disabled={request.isPending}>
        Ask for it as {eligible[0]!.name}
      </button>
      <FormError error={request.error} />
    </form>
  );
}

/** One request before the council: its votes and reasons, and for the council a vote and the award. */
function CouncilRequest({
  guildId,
  item,
  request,
  canManage,
}: {
  guildId: string;
  item: CouncilItem;
  request: CouncilItem['requests'][number];
  canManage: boolean;
}) {
  const vote = useVoteMutation(guildId);
  const decide = useDecideMutation(guildId);
  const [text, setText] = useState('');
  const isOpen = item.award === null;
  const failure = vote.error ?? decide.error;
  return (
    <li className="loot-request" data-testid="council-request">
      <div>
        <strong>{request.character.name}</strong> <Badge tone="brand">{LOOT_RESPONSE_LABELS[request.response]}</Badge>
        {request.note && <span className="loot-request__note"> “{request.note}”</span>}
        {item.myVoteRequestId === request.id && <Badge tone="good">Your vote</Badge>}
      </div>
      {request.votes.length > 0 && (
        <ul className="loot-request__votes" aria-label={`Votes for ${request.character.name}`}>
          {request.votes.map((v) => (
            <li key={v.voter}>
              {v.voter}: {v.reason}
            </li>
          ))}
        </ul>
      )}
      {canManage && isOpen && (
        <div className="loot-inline-form">
          <label className="loot-inline-form__field">
            <span className="field__label">Reason or note for {request.character.name}</span>
            <input className="input" maxLength={200} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <button
            type="button"
            className="button button--secondary"
            disabled={vote.isPending || text.trim() === ''}
            onClick={() => vote.mutate({ councilItemId: item.id, requestId: request.id, reason: text })}
          >
            Vote for {request.character.name}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ councilItemId: item.id, requestId: request.id, note: text })}
          >
            Award to {request.character.name}
          </button>
        </div>
      )}
      <FormError error={failure} />
    </li>
  );
}

/** Puts a drop before the council (loot.manage). */
function OpenCouncilForm({ guildId, raidId }: { guildId: string; raidId: string }) {
  const open = useOpenCouncilMutation(guildId);
  const [item, setItem] = useState<LootItem | null>(null);
  const [boss, setBoss] = useState('');
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (item) open.mutate({ raidId, itemId: item.itemId, boss }, { onSuccess: () => setItem(null) });
  }
  return (
    <form className="loot-form" onSubmit={handleSubmit} data-testid="council-open-form">
      <ItemPicker
        label="Item for the council"
        selected={item}
        testId="council-item"
        onSelect={(chosen) => {
          setItem(chosen);
          setBoss(chosen.boss ?? '');
        }}
      />
      <label className="loot-inline-form__field">
        <span className="field__label">Boss</span>
        <input className="input" required maxLength={80} value={boss} onChange={(event) => setBoss(event.target.value)} />
      </label>
      <div className="loot-form__actions">
        <button type="submit" className="button button--secondary" disabled={!item || open.isPending}>
          Put before the council
        </button>
      </div>
      <FormError error={open.error} />
    </form>
  );
}

/** The raid's items before the loot council: requests, votes with reasons for the council, the outcome and its note. */
export function CouncilPanel(props: { guildId: string; loot: RaidLoot; canManage: boolean; ledger: 'dkp' | 'epgp' | null }) {
  const { guildId, loot, canManage, ledger } = props;
  return (
    <section className="panel" aria-labelledby="council-title">
      <h2 id="council-title" className="panel__title">
        Loot council
      </h2>
      {canManage && <OpenCouncilForm guildId={guildId} raidId={loot.raid.id} />}
      {loot.councilItems.length === 0 ? (
        <EmptyHint>No item is before the council for this raid.</EmptyHint>
      ) : (
        loot.councilItems.map((item) => (
          <article key={item.id} className="loot-council-item" data-testid="council-item-card" aria-label={item.itemName}>
            <h3 className="loot-council-item__title">
              {item.itemName} <span className="loot-note">({item.boss})</span>
            </h3>
            {item.award ? (
              <p className="loot-council-item__outcome" data-testid="council-outcome">
                Awarded to <strong>{item.award.characterName}</strong>
                {item.award.note ? `: ${item.award.note}` : ''}
              </p>
            ) : (
              <>
                {canManage && <PriorityBoard guildId={guildId} itemId={item.itemId} ledger={ledger} />}
                <RequestForm guildId={guildId} item={item} loot={loot} />
              </>
            )}
            {item.requests.length > 0 && (
              <ul className="loot-council-item__requests">
                {item.requests.map((request) => (
                  <CouncilRequest key={request.id} guildId={guildId} item={item} request={request} canManage={canManage} />
                ))}
              </ul>
            )}
          </article>
        ))
      )}
    </section>
  );
}
