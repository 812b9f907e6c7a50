import { LOOT_SYSTEM_LABELS, MESSAGES } from '@guildhall/contract';
import { z } from 'zod';
import { useLiveLoot, useLootSettingsQuery } from '../../api/loot';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { QueryState } from '../../ui/query-state';
import { PageSpinner } from '../../ui/spinner';
import { type TabItem, Tabs, tabButtonId, tabPanelId } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { CorrectionsTab } from './corrections-tab';
import { LootLogTab } from './loot-log-tab';
import { MyLootTab } from './my-loot-tab';
import { RaidLootTab } from './raid-loot-tab';
import { SettingsTab } from './settings-tab';
import { StandingsTab } from './standings-tab';
import '../../styles/loot.css';

const TAB_IDS = ['mine', 'standings', 'log', 'raids', 'corrections', 'settings'] as const;
type LootTab = (typeof TAB_IDS)[number];

/** The tab, the character, the raid and the page in the URL, so a link opens the same view. */
export const LOOT_QUERY = z.object({
  tab: z.enum(TAB_IDS).default('mine'),
  character: z.string().optional(),
  raid: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
});

const MEMBER_TABS: TabItem<LootTab>[] = [
  { id: 'mine', label: 'My loot' },
  { id: 'standings', label: 'Standings' },
  { id: 'log', label: 'Loot log' },
  { id: 'raids', label: 'Raid loot' },
];
const OFFICER_TABS: TabItem<LootTab>[] = [
  ...MEMBER_TABS,
  { id: 'corrections', label: 'Corrections' },
  { id: 'settings', label: 'Settings' },
];
const OFFICER_ONLY: readonly LootTab[] = ['corrections', 'settings'];
const ID_PREFIX = 'loot';

/**
 * /loot: the selected guild's loot. Every member: their own loot (wishlist, requests and outcomes, awards, standing
 * and its history), the standings, the loot log and each raid's loot with its council. Officers with loot.manage
 * also record awards and credits from a raid (one by one or from an import), vote in the council, correct standings,
 * and change the loot system and its values.
 */
export function LootPage() {
  const { selectedGuild } = useCommunitySession();
  const guildId = selectedGuild?.id ?? '';
  const url = useUrlQuery(LOOT_QUERY);
  const settings = useLootSettingsQuery(guildId);
  useLiveLoot(guildId);
  useDocumentTitle('Loot', 'community');
  if (!selectedGuild) return <PageSpinner />;
  const tab = url.query.tab;
  return (
    <div className="page loot-page" data-testid="loot-page">
      <header className="loot-page__header">
        <h1 className="loot-page__title">Loot</h1>
        {settings.data && (
          <p className="loot-page__system" data-testid="loot-system">
            {LOOT_SYSTEM_LABELS[settings.data.settings.system]}
            {settings.data.settings.isWishlistLocked ? ' · wishlists locked' : ''}
          </p>
        )}
      </header>
      <QueryState query={settings} variant="page" loading="Loading loot..." errorText={MESSAGES.requestFailed} testId="loot">
        {({ settings: loot }) => (
          <>
            <Tabs
              label="Loot"
              idPrefix={ID_PREFIX}
              tabs={loot.canManage ? OFFICER_TABS : MEMBER_TABS}
              active={OFFICER_ONLY.includes(tab) && !loot.canManage ? 'mine' : tab}
              onChange={(next) => url.set({ tab: next === 'mine' ? undefined : next, page: undefined })}
            />
            <section
              id={tabPanelId(ID_PREFIX, tab)}
              role="tabpanel"
              aria-labelledby={tabButtonId(ID_PREFIX, tab)}
              className="loot-page__panel"
            >
              {tab === 'mine' && <MyLootTab guildId={guildId} settings={loot} />}
              {tab === 'standings' && <StandingsTab guildId={guildId} />}
              {tab === 'log' && <LootLogTab guildId={guildId} />}
              {tab === 'raids' && <RaidLootTab guildId={guildId} settings={loot} />}
              {tab === 'corrections' && loot.canManage && <CorrectionsTab guildId={guildId} settings={loot} />}
              {tab === 'settings' && loot.canManage && <SettingsTab guildId={guildId} settings={loot} />}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
