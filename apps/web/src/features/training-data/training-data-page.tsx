import '../../styles/training-data.css';
import { Tabs, tabButtonId, tabPanelId } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLiveSearchParams } from '../../ui/use-live-search-params';
import { AnalyticsTab } from './analytics-tab';
import { isoRange, rangeError } from './date-range';
import { DateRangeFields } from './date-range-fields';
import { ExportPanel } from './export-panel';
import { ReviewQueueTab } from './review-queue-tab';
import { SampleListTab } from './sample-list-tab';
import { SamplePanel } from './sample-panel';
import { StatisticsTab } from './statistics-tab';
import { listParamsOf, listStateOf, type SampleListState, TRAINING_TABS, type TrainingTab, tabOf } from './training-data-params';

const ID_PREFIX = 'training-data';

/** The URL entries a change sets (an empty value drops its key), or a function of the address bar's params. */
type Entries = Record<string, string> | ((current: URLSearchParams) => Record<string, string>);

/** The bot's ML training data (issue 16): statistics, samples, review queue, analytics and export; state in the URL. */
export function TrainingDataPage() {
  useDocumentTitle('Training Data');
  const [params, setParams] = useLiveSearchParams();
  const tab = tabOf(params);
  const days = { start: params.get('from') ?? '', end: params.get('to') ?? '' };
  const isRangeValid = rangeError(days) === null;
  const range = isRangeValid ? isoRange(days) : {};
  const listState = listStateOf(params);
  const linkedSample = params.get('sample');

  // Each change starts from the address bar as it is (two filters changed at once keep both), keeping the keys
  // named and setting or dropping the entries given.
  function update(entries: Entries, keep: readonly string[]) {
    setParams((current) => {
      const next = new URLSearchParams();
      for (const key of keep) {
        const value = current.get(key);
        if (value) next.set(key, value);
      }
      for (const [key, value] of Object.entries(typeof entries === 'function' ? entries(current) : entries)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  }

  function handleTab(id: TrainingTab) {
    update({ tab: id }, ['from', 'to']);
  }

  function handleRange(next: { start: string; end: string }) {
    update({ from: next.start, to: next.end }, ['tab', 'type']);
  }

  function handleList(next: Partial<SampleListState>) {
    update((current) => ({ tab, ...listParamsOf({ ...listStateOf(current), ...next }) }), ['from', 'to', 'type', 'sample']);
  }

  return (
    <div className="page training-data">
      <header className="page__header">
        <div>
          <h1 className="page__title">Training Data</h1>
          <p className="page__lead">The bot's memory and intent decisions: review, verify, correct and export them</p>
        </div>
      </header>
      <Tabs label="Training data" tabs={TRAINING_TABS} active={tab} onChange={handleTab} idPrefix={ID_PREFIX} />
      <section
        id={tabPanelId(ID_PREFIX, tab)}
        role="tabpanel"
        aria-labelledby={tabButtonId(ID_PREFIX, tab)}
        className="td-tab"
        data-testid={`tab-${tab}`}
      >
        {(tab === 'statistics' || tab === 'analytics') && <DateRangeFields value={days} onChange={handleRange} />}
        {tab === 'statistics' && <StatisticsTab range={range} isRangeValid={isRangeValid} />}
        {tab === 'analytics' && <AnalyticsTab range={range} isRangeValid={isRangeValid} />}
        {(tab === 'memory' || tab === 'intent') && (
          <>
            {linkedSample && (params.get('type') ?? 'intent') === tab && (
              <SamplePanel type={tab} id={linkedSample} onClose={() => update({ sample: '', type: '' }, ['tab'])} />
            )}
            <SampleListTab key={tab} type={tab} state={listState} onChange={handleList} />
          </>
        )}
        {tab === 'review' && <ReviewQueueTab />}
        {tab === 'export' && <ExportPanel />}
      </section>
    </div>
  );
}
