import { MESSAGES } from '@guildhall/contract';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../api/api-error';
import { useGuildDataSummary } from '../../../api/guild-data';
import { useBreadcrumbName } from '../../../shell/breadcrumb-names';
import { QueryState } from '../../../ui/query-state';
import { TabPanel, Tabs } from '../../../ui/tabs';
import { useToast } from '../../../ui/toast-context';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useUrlQuery } from '../../../ui/use-url-query';
import { DeleteGuildDataModal } from './delete-guild-data-modal';
import { GuildDataHeader } from './guild-data-header';
import { GuildDataPanel } from './guild-data-panel';
import { dataTabQuery, GUILD_DATA_TABS, type GuildDataTab } from './guild-data-tabs';
import '../../../styles/guilds.css';

const LIST_PATH = '/admin/guilds';
const ID_PREFIX = 'guild-data';

/** Where Close goes: the list view the admin came from (with its filters), else the plain list. */
function returnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    if (state.from.startsWith(`${LIST_PATH}?`) || state.from === LIST_PATH) return state.from;
  }
  return LIST_PATH;
}

/** A guild id that names no guild (deleted, mistyped): asking again cannot help. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** One guild's data (spec 1 §2): eight tabs, the exports and deleting the data; the tab lives in ?tab=. */
export function GuildDataPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { query: url, set } = useUrlQuery(dataTabQuery);
  const tab = url.tab;
  const query = useGuildDataSummary(id);
  const [isDeleting, setIsDeleting] = useState(false);
  const guild = query.data?.guild;
  useDocumentTitle(guild ? `${guild.guild_name} · Guild Data` : 'Guild Data');
  useBreadcrumbName(`${LIST_PATH}/${id}`, guild?.guild_name);

  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error, MESSAGES.loadGuildDataFailed));
  }, [query.isError, query.error, toast]);

  function handleTabChange(next: GuildDataTab) {
    // Each tab keeps its own page and search; they do not carry over.
    set({ tab: next }, { dropOthers: true, state: location.state });
  }

  function handleClose() {
    navigate(returnPath(location.state));
  }

  return (
    <QueryState
      query={query}
      variant="page"
      loading="Loading guild data..."
      errorTitle={isMissing(query.error) ? 'Guild not found' : MESSAGES.loadGuildDataFailed}
      errorText={MESSAGES.loadGuildDataFailed}
      canRetry={(error) => !isMissing(error)}
      errorActions={
        <button type="button" className="button button--primary" onClick={handleClose}>
          <ArrowLeft size={16} aria-hidden="true" />
          Back to guilds
        </button>
      }
      testId="guild-data"
    >
      {({ summary, guild: loadedGuild }) => (
        <div className="page guild-data" data-testid="guild-data-view">
          <GuildDataHeader guild={loadedGuild} onDelete={() => setIsDeleting(true)} onClose={handleClose} />
          <Tabs label="Guild data" tabs={GUILD_DATA_TABS} active={tab} onChange={handleTabChange} idPrefix={ID_PREFIX} />
          <TabPanel idPrefix={ID_PREFIX} tab={tab} className="tab-panel" testId={`guild-data-panel-${tab}`}>
            <GuildDataPanel tab={tab} guild={loadedGuild} summary={summary} />
          </TabPanel>
          {isDeleting && (
            <DeleteGuildDataModal guild={loadedGuild} counts={summary.counts} onClose={() => setIsDeleting(false)} />
          )}
        </div>
      )}
    </QueryState>
  );
}
