import { useCommunitySession } from '../../community-auth/community-session-context';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { SourcesTab } from '../guilds/data/sources/sources-tab';
import '../../styles/guilds.css';

/**
 * /data-sources: where the selected guild's characters, raids and loot come from, for its officers
 * (characters.manage): the same sources as the admin data view's Sources tab, over the community calls.
 */
export function DataSourcesPage() {
  const { selectedGuild, can, isPermissionsLoading } = useCommunitySession();
  useDocumentTitle('Data sources', 'community');
  if (!selectedGuild || isPermissionsLoading) return <PageSpinner />;
  const mayManage = can('manageDataSources');
  return (
    <div className="page" data-testid="data-sources-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Data sources</h1>
          <p className="page__lead">
            Connect {selectedGuild.name} to Battle.net, Raider.IO, WoWAudit and Warcraft Logs, import RCLootCouncil loot history,
            and see every run and the characters each source wrote.
          </p>
        </div>
      </header>
      {mayManage ? (
        <SourcesTab scope={{ side: 'community', guildId: selectedGuild.id }} />
      ) : (
        <p role="alert" data-testid="data-sources-denied">
          Only the guild&apos;s officers (the permission to manage characters) can connect its data sources.
        </p>
      )}
    </div>
  );
}
