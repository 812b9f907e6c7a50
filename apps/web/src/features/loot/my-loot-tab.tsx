import {
  amountLabel,
  type CharacterLoot,
  type LedgerEntry,
  LOOT_RESPONSE_LABELS,
  type LootAward,
  type LootRequest,
  type LootResponse,
  type LootSettings,
  MESSAGES,
} from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useCharacterLootQuery } from '../../api/loot';
import { useOwnCharactersQuery } from '../../api/raids';
import { Badge } from '../../ui/badge';
import { formatDate, formatDateTime } from '../../ui/format-date';
import { QueryState } from '../../ui/query-state';
import { useUrlQuery } from '../../ui/use-url-query';
import { changeText, costText, kindLabel } from './loot-amounts';
import { LOOT_QUERY } from './loot-page';
import { LootChoice, LootPager, LootSection } from './loot-section';
import { WishlistEditor } from './wishlist-editor';

const responseLabel = (response: string | null) =>
  response ? (LOOT_RESPONSE_LABELS[response as LootResponse] ?? response) : '—';

const OUTCOME: Record<LootRequest['outcome'], { label: string; tone: 'good' | 'neutral' | 'unknown' }> = {
  won: { label: 'Won', tone: 'good' },
  lost: { label: 'Went to another', tone: 'neutral' },
  open: { label: 'Before the council', tone: 'unknown' },
};

const REQUEST_COLUMNS: ColumnDef<LootRequest>[] = [
  { id: 'item', header: 'Item', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => row.original.itemName },
  { id: 'raid', header: 'Raid', cell: ({ row }) => row.original.raidName },
  { id: 'response', header: 'Your response', cell: ({ row }) => responseLabel(row.original.response) },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row }) => <Badge tone={OUTCOME[row.original.outcome].tone}>{OUTCOME[row.original.outcome].label}</Badge>,
  },
  {
    id: 'decision',
    header: 'Council note',
    cell: ({ row }) =>
      row.original.awardedTo ? `${row.original.awardedTo}${row.original.awardNote ? `: ${row.original.awardNote}` : ''}` : '—',
  },
];

const RECEIVED_COLUMNS: ColumnDef<LootAward>[] = [
  { id: 'item', header: 'Item', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => row.original.itemName },
  { id: 'boss', header: 'Boss', cell: ({ row }) => row.original.boss ?? '—' },
  { id: 'raid', header: 'Raid', cell: ({ row }) => row.original.raid?.name ?? '—' },
  { id: 'response', header: 'Response', cell: ({ row }) => responseLabel(row.original.response) },
  { id: 'note', header: 'Note', cell: ({ row }) => row.original.note || '—' },
  {
    id: 'cost',
    header: 'Cost',
    cell: ({ row }) => costText(row.original.cost),
  },
  { id: 'when', header: 'When', cell: ({ row }) => formatDate(row.original.awardedAt) },
];

const HISTORY_COLUMNS: ColumnDef<LedgerEntry>[] = [
  { id: 'at', header: 'When', cell: ({ row }) => formatDateTime(row.original.at) },
  { id: 'kind', header: 'What', cell: ({ row }) => kindLabel(row.original.kind) },
  { id: 'change', header: 'Change', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => changeText(row.original) },
  { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason },
  { id: 'by', header: 'Recorded by', cell: ({ row }) => row.original.recordedBy ?? 'System' },
];

/** The standing in the guild's ledger's words. */
function StandingFigures({ loot, ledger }: { loot: CharacterLoot; ledger: LootSettings['ledger'] }) {
  const standing = loot.standing;
  if (!standing || !ledger) return null;
  const figures =
    ledger === 'dkp'
      ? [['DKP', amountLabel(standing.points)]]
      : [
          ['EP', amountLabel(standing.ep)],
          ['GP', amountLabel(standing.gp)],
          ['Priority', standing.priority],
        ];
  return (
    <dl className="loot-standing" data-testid="my-standing">
      {figures.map(([label, value]) => (
        <div key={label} className="loot-standing__figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A character's loot: its standing, wishlist, requests and outcomes, awards received and the ledger's history. */
function CharacterLootView({ guildId, characterId, settings }: { guildId: string; characterId: string; settings: LootSettings }) {
  const url = useUrlQuery(LOOT_QUERY);
  const query = useCharacterLootQuery(guildId, characterId, url.query.page);
  return (
    <QueryState query={query} loading="Loading your loot..." errorText={MESSAGES.requestFailed} testId="my-loot">
      {({ loot }) => (
        <div className="loot-mine">
          <StandingFigures loot={loot} ledger={settings.ledger} />
          <WishlistEditor
            key={`${characterId}-${loot.wishlist.map((w) => `${w.itemId}:${w.note}`).join()}`}
            guildId={guildId}
            characterId={characterId}
            wishlist={loot.wishlist}
            isLocked={settings.isWishlistLocked}
            canEdit={loot.isOwn}
          />
          <LootSection
            title="Requests and outcomes"
            rows={loot.requests}
            columns={REQUEST_COLUMNS}
            emptyText="No requests before the council yet."
            testId="my-requests"
          />
          <LootSection
            title="Received"
            rows={loot.received}
            columns={RECEIVED_COLUMNS}
            emptyText="Nothing received yet."
            testId="my-received"
          />
          {settings.ledger && (
            <LootSection
              title="Standing history"
              rows={loot.history}
              columns={HISTORY_COLUMNS}
              emptyText="No ledger entries yet."
              testId="my-history"
            >
              <LootPager
                paging={{ page: url.query.page, pageSize: 50, total: loot.historyTotal }}
                noun="entries"
                onPageChange={(page) => url.set({ page })}
              />
            </LootSection>
          )}
        </div>
      )}
    </QueryState>
  );
}

/** The member's own loot, one of their characters at a time (the main first). */
export function MyLootTab({ guildId, settings }: { guildId: string; settings: LootSettings }) {
  const url = useUrlQuery(LOOT_QUERY);
  const characters = useOwnCharactersQuery(guildId);
  return (
    <LootChoice
      query={characters}
      items={(data) => data.characters}
      loading="Loading your characters..."
      emptyTitle="No characters yet"
      empty="Link or claim your characters in this guild to keep a wishlist and see your loot."
      testId="my-characters"
      label="Character"
      optionLabel={(c) => `${c.name} (${c.class})`}
      chosenId={url.query.character}
      onChoose={(character) => url.set({ character, page: undefined })}
      isPickerHiddenForOne
    >
      {(chosen) => <CharacterLootView guildId={guildId} characterId={chosen.id} settings={settings} />}
    </LootChoice>
  );
}
