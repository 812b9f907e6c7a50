import '../../styles/training-data.css';
import { PageHeader } from '../../ui/page-header';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { AnalyticsTab } from './analytics-tab';
import { isoRange, rangeError } from './date-range';
import { DateRangeFields } from './date-range-fields';
import { ExportPanel } from './export-panel';
import { ReviewQueueTab } from './review-queue-tab';
import { SampleListTab } from './sample-list-tab';
import { SamplePanel } from './sample-panel';
import { StatisticsTab } from './statistics-tab';
import {
  listStateOf,
  listUrlChange,
  NO_LIST_FILTERS,
  type SampleListState,
  TRAINING_TABS,
  type TrainingTab,
  tabOf,
  trainingDataQuery,
} from './training-data-query';

const ID_PREFIX = 'training-data';

/** The bot's ML training data (issue 16): statistics, samples, review queue, analytics and export; state in the URL. */
export function TrainingDataPage() {
  useDocumentTitle('Training Data');
  const { query: state, set } = useUrlQuery(trainingDataQuery);
  const tab = tabOf(state);
  const days = { start: state.from ?? '', end: state.to ?? '' };
  const isRangeValid = rangeError(days) === null;
  const range = isRangeValid ? isoRange(days) : {};
  const listState = listStateOf(state);

  // Another tab keeps the range and starts its list plain; the linked sample stays on its own list.
  function handleTab(id: TrainingTab) {
    set({ ...NO_LIST_FILTERS, tab: id, type: undefined, sample: undefined });
  }

  function handleRange(next: { start: string; end: string }) {
    set({ from: next.start, to: next.end });
  }

  // The tab is written out, so a list opened from a linked sample's `type` stays open when the sample closes.
  function handleList(next: Partial<SampleListState>) {
    set({ tab, ...listUrlChange(next) });
  }

  return (
    <div className="page training-data">
      <PageHeader title="Training Data" lead="The bot's memory and intent decisions: review, verify, correct and export them" />
      <Tabs label="Training data" tabs={TRAINING_TABS} active={tab} onChange={handleTab} idPrefix={ID_PREFIX} />
      <TabPanel idPrefix={ID_PREFIX} tab={tab} className="td-tab" testId={`tab-${tab}`}>
        {(tab === 'statistics' || tab === 'analytics') && <DateRangeFields value={days} onChange={handleRange} />}
        {tab === 'statistics' && <StatisticsTab range={range} isRangeValid={isRangeValid} />}
        {tab === 'analytics' && <AnalyticsTab range={range} isRangeValid={isRangeValid} />}
        {(tab === 'memory' || tab === 'intent') && (
          <>
            {state.sample && (state.type ?? 'intent') === tab && (
              <SamplePanel type={tab} id={state.sample} onClose={() => set({ tab, sample: undefined, type: undefined })} />
            )}
            <SampleListTab key={tab} type={tab} state={listState} onChange={handleList} />
          </>
        )}
        {tab === 'review' && <ReviewQueueTab />}
        {tab === 'export' && <ExportPanel />}
      </TabPanel>
    </div>
  );
}
