import { ANALYTICS_MESSAGES } from '@guildhall/contract';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useAnalyticsOverview, useGuildAnalytics } from '../../api/analytics';
import { errorMessage } from '../../api/api-error';
import { FilterBar } from '../../ui/filter-bar';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { type UrlQueryChangeOptions, useUrlQuery } from '../../ui/use-url-query';
import '../../styles/analytics.css';
import {
  type AnalyticsParams,
  analyticsHref,
  analyticsQuery,
  isOverviewFiltered,
  OVERVIEW_FILTERS,
  RANGE_FILTER,
} from './analytics-query';
import { GuildView } from './guild-view';
import { OverviewView } from './overview-view';

function LoadError({ error }: { error: unknown }) {
  return (
    <p className="alert alert--error" role="alert">
      {ANALYTICS_MESSAGES.loadFailed}: {errorMessage(error)}
    </p>
  );
}

/** Writes a change of the screen's state to its URL. */
type Update = (next: Partial<AnalyticsParams>, options?: UrlQueryChangeOptions) => void;

function GuildPage({ id, params, update }: { id: string; params: AnalyticsParams; update: Update }) {
  const query = useGuildAnalytics(id, params.range, params.raids);
  const name = query.data?.guild.name;
  useDocumentTitle(name ? `Analytics: ${name}` : 'Analytics');
  return (
    <div className="page analytics-page">
      <header className="page__header">
        <div>
          <Link to={analyticsHref({ ...params, guild: undefined, guildId: id })} className="analytics-back">
            <ArrowLeft size={16} aria-hidden="true" /> Analytics
          </Link>
          <h1 className="page__title">{name ? `Analytics: ${name}` : 'Guild analytics'}</h1>
        </div>
      </header>
      <FilterBar values={params} onChange={update} fields={[RANGE_FILTER]} className="analytics-filters" />
      {query.isError && !query.data && <LoadError error={query.error} />}
      {query.isPending && <Spinner label="Loading analytics" />}
      {query.data && (
        <div aria-busy={query.isFetching}>
          <GuildView data={query.data} raids={params.raids} onRaidsChange={(raids) => update({ raids })} />
        </div>
      )}
    </div>
  );
}

/** Platform and per-guild analytics (issue 17); the filters and the open guild live in the URL. */
export function AnalyticsPage() {
  const { query: params, set: update } = useUrlQuery(analyticsQuery);
  if (params.guild) return <GuildPage id={params.guild} params={params} update={update} />;
  return <OverviewPage params={params} update={update} />;
}

function OverviewPage({ params, update }: { params: AnalyticsParams; update: Update }) {
  useDocumentTitle('Analytics');
  const query = useAnalyticsOverview({ range: params.range, guildId: params.guildId, region: params.region });
  return (
    <div className="page analytics-page">
      <header className="page__header">
        <h1 className="page__title">Analytics</h1>
      </header>
      <FilterBar
        values={params}
        onChange={update}
        isFiltered={isOverviewFiltered(params)}
        className="analytics-filters"
        fields={[
          ...OVERVIEW_FILTERS,
          {
            kind: 'guild',
            name: 'guildId',
            guildName: query.data?.guild?.name,
            placeholder: 'All guilds',
            clearLabel: 'Show all guilds',
            testId: 'analytics-guild',
          },
        ]}
      />
      {query.isError && !query.data && <LoadError error={query.error} />}
      {query.isPending && <Spinner label="Loading analytics" />}
      {query.data && (
        <div aria-busy={query.isFetching}>
          <OverviewView
            data={query.data}
            guildLink={params.guildId ? analyticsHref({ ...params, guildId: undefined, guild: params.guildId }) : undefined}
          />
        </div>
      )}
    </div>
  );
}
