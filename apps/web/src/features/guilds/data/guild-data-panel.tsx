import type { GuildDataSummary, GuildTenant } from '@guildhall/contract';
import { AnalyticsTab } from './analytics-tab';
import { CharactersTab } from './characters-tab';
import { CombatLogsTab } from './combat-logs-tab';
import { DiscordTab } from './discord-tab';
import type { GuildDataTab } from './guild-data-tabs';
import { LootTab } from './loot-tab';
import { OverviewTab } from './overview-tab';
import { RaidEventsTab } from './raid-events-tab';
import { RawDataTab } from './raw-data-tab';
import { SourcesTab } from './sources/sources-tab';

interface GuildDataPanelProps {
  tab: GuildDataTab;
  guild: GuildTenant;
  summary: GuildDataSummary;
}

/** The content of the active tab; tabs with their own calls load only when opened. */
export function GuildDataPanel({ tab, guild, summary }: GuildDataPanelProps) {
  switch (tab) {
    case 'overview':
      return <OverviewTab guild={guild} summary={summary} />;
    case 'characters':
      return <CharactersTab guildId={guild.id} summary={summary} />;
    case 'loot':
      return <LootTab summary={summary} />;
    case 'raids':
      return <RaidEventsTab guildId={guild.id} />;
    case 'combat-logs':
      return <CombatLogsTab guildId={guild.id} />;
    case 'discord':
      return <DiscordTab guildId={guild.id} />;
    case 'analytics':
      return <AnalyticsTab guildId={guild.id} />;
    case 'raw':
      return <RawDataTab guild={guild} />;
    case 'sources':
      return <SourcesTab scope={{ side: 'admin', guildId: guild.id }} />;
  }
}
