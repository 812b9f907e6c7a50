import {
  addDays,
  LOOT_RESPONSE_LABELS,
  type LootAward,
  type LootResponse,
  type LootSettings,
  MESSAGES,
} from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { useCreditRaidMutation, useRaidLootQuery } from '../../api/loot';
import { useRaidCalendarQuery } from '../../api/raids';
import { Badge } from '../../ui/badge';
import { FormError } from '../../ui/form-error';
import { formatDateTime } from '../../ui/format-date';
import { EmptyHint, QueryState } from '../../ui/query-state';
import { useUrlQuery } from '../../ui/use-url-query';
import { AwardForm } from './award-form';
import { CouncilPanel } from './council-panel';
import { ImportAwardsPanel } from './import-awards-panel';
import { costText } from './loot-amounts';
import { awardedItemColumns } from './loot-columns';
import { LOOT_QUERY } from './loot-page';
import { LootChoice, LootSection } from './loot-section';

const PRESENCE_LABELS = { on_time: 'On time', late: 'Late', bench: 'Bench' } as const;

const AWARD_COLUMNS: ColumnDef<LootAward>[] = [
  ...awardedItemColumns<LootAward>(),
  {
    id: 'response',
    header: 'Response',
    cell: ({ row }) =>
      row.original.response ? (LOOT_RESPONSE_LABELS[row.original.response as LootResponse] ?? row.original.response) : '—',
  },
  { id: 'note', header: 'Note', cell: ({ row }) => row.original.note || '—' },
  {
    id: 'cost',
    header: 'Cost',
    cell: ({ row }) => costText(row.original.cost),
  },
  { id: 'by', header: 'Recorded by', cell: ({ row }) => row.original.recordedBy ?? '—' },
];

/** The raids of the last eight weeks and the next few days, newest first: the ones loot is recorded for. */
function useRecentRaids(guildId: string) {
  const today = new Date().toISOString().slice(0, 10);
  const range = { from: `${addDays(today, -56)}T00:00:00Z`, to: `${addDays(today, 6)}T00:00:00Z` };
  return useRaidCalendarQuery(guildId, range);
}

/** Credits the raid to the ledger: DKP or EP for everyone in it; the bosses killed count for EPGP. */
function CreditForm({ guildId, raidId, ledger }: { guildId: string; raidId: string; ledger: 'dkp' | 'epgp' }) {
  const credit = useCreditRaidMutation(guildId);
  const [bosses, setBosses] = useState('0');
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    credit.mutate({ raidId, bossesKilled: Number(bosses) });
  }
  return (
    <form className="loot-inline-form" onSubmit={handleSubmit} data-testid="credit-form">
      {ledger === 'epgp' && (
        <label className="loot-inline-form__field">
          <span className="field__label">Bosses killed</span>
          <input
            className="input"
            type="number"
            min={0}
            max={20}
            value={bosses}
            onChange={(event) => setBosses(event.target.value)}
          />
        </label>
      )}
      <button type="submit" className="button button--secondary" disabled={credit.isPending}>
        {credit.isPending ? 'Crediting...' : `Credit the raid (${ledger === 'dkp' ? 'DKP' : 'EP'})`}
      </button>
      <FormError error={credit.error} />
    </form>
  );
}

/** One raid's loot: who was in it, its credit, the award form for officers, its awards and its council. */
function RaidLootPanel({ guildId, raidId, settings }: { guildId: string; raidId: string; settings: LootSettings }) {
  const query = useRaidLootQuery(guildId, raidId);
  return (
    <QueryState query={query} loading="Loading the raid's loot..." errorText={MESSAGES.requestFailed} testId="raid-loot">
      {({ loot, canManage }) => (
        <div className="loot-raid">
          <section className="panel" aria-labelledby="roster-title">
            <h2 id="roster-title" className="panel__title">
              In the raid
            </h2>
            {loot.roster.length === 0 ? (
              <EmptyHint>No character signed up or attended with a character yet.</EmptyHint>
            ) : (
              <ul className="loot-roster" data-testid="raid-roster">
                {loot.roster.map((c) => (
                  <li key={c.id}>
                    {c.name}{' '}
                    <Badge tone={c.presence === 'bench' ? 'neutral' : c.presence === 'late' ? 'warn' : 'good'}>
                      {PRESENCE_LABELS[c.presence]}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
            {canManage && settings.ledger && !loot.isCredited && loot.roster.length > 0 && (
              <CreditForm guildId={guildId} raidId={raidId} ledger={settings.ledger} />
            )}
            {loot.isCredited && <p className="loot-note">Credited to the {settings.ledger === 'dkp' ? 'DKP' : 'EPGP'} ledger.</p>}
          </section>
          {canManage && <AwardForm guildId={guildId} loot={loot} settings={settings} />}
          {canManage && <ImportAwardsPanel guildId={guildId} raidId={raidId} />}
          <LootSection
            title="Awards"
            rows={loot.awards}
            columns={AWARD_COLUMNS}
            emptyText="No awards recorded for this raid yet."
            testId="raid-awards"
          />
          <CouncilPanel guildId={guildId} loot={loot} canManage={canManage} ledger={settings.ledger} />
        </div>
      )}
    </QueryState>
  );
}

/** A raid's loot, the raid chosen from the recent ones (kept in the URL). */
export function RaidLootTab({ guildId, settings }: { guildId: string; settings: LootSettings }) {
  const url = useUrlQuery(LOOT_QUERY);
  const raids = useRecentRaids(guildId);
  return (
    <LootChoice
      query={raids}
      items={(data) => [...data.raids].filter((raid) => !raid.cancelledAt).reverse()}
      loading="Loading raids..."
      emptyTitle="No recent raids"
      empty="Raids of the last eight weeks show here."
      testId="loot-raids"
      label="Raid"
      optionLabel={(raid) => `${raid.name} · ${formatDateTime(raid.startsAt)}`}
      chosenId={url.query.raid}
      onChoose={(raid) => url.set({ raid })}
    >
      {(chosen) => <RaidLootPanel key={chosen.id} guildId={guildId} raidId={chosen.id} settings={settings} />}
    </LootChoice>
  );
}
