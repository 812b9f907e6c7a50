import { DECISION_ACCURACY_DEFINITION, TRAINING_DATA_MESSAGES, type TrainingStatistics } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Brain, CheckCircle2, type LucideIcon, MessageSquare, Target } from 'lucide-react';
import { type IsoRange, useTrainingStatistics } from '../../api/training-data';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { formatShare } from '../../ui/format-number';
import { EmptyHint, QueryState } from '../../ui/query-state';
import { StatCard } from '../../ui/stat-card';
import { decisionAccuracy, formatScore, rate } from './sample-text';

interface StatisticsTabProps {
  range: IsoRange;
  /** False while the date range is wrong: no request is sent. */
  isRangeValid: boolean;
}

const count = (value: number) => value.toLocaleString();

const numeric = { className: 'table__number' };

const PROVIDER_COLUMNS: ColumnDef<TrainingStatistics['providerPerformance'][number]>[] = [
  {
    id: 'provider',
    header: 'Provider',
    meta: { isRowHeader: true, cellClassName: 'table__strong' },
    cell: ({ row }) => row.original.providerUsed,
  },
  { id: 'samples', header: 'Samples', meta: numeric, cell: ({ row }) => count(row.original.sampleCount) },
  { id: 'confidence', header: 'Avg confidence', meta: numeric, cell: ({ row }) => formatScore(row.original.avgConfidence) },
  { id: 'quality', header: 'Avg quality', meta: numeric, cell: ({ row }) => formatScore(row.original.avgQualityScore) },
  {
    id: 'correct',
    header: 'Correct of known outcomes',
    meta: numeric,
    cell: ({ row: { original: provider } }) => {
      // Of the decisions with a known outcome, as the headline counts (DECISION_ACCURACY_DEFINITION).
      const share = rate(provider.correctDecisions, provider.withOutcome);
      return (
        <>
          {count(provider.correctDecisions)} of {count(provider.withOutcome)}
          {share !== null && <span className="td-muted"> ({formatShare(share)})</span>}
        </>
      );
    },
  },
];

/** Spec 2 §3 training statistics: totals per type, provider performance and decision accuracy. */
export function StatisticsTab({ range, isRangeValid }: StatisticsTabProps) {
  const statistics = useTrainingStatistics(range, isRangeValid);
  return (
    <QueryState
      query={statistics}
      loading="Loading statistics..."
      errorTitle={TRAINING_DATA_MESSAGES.statisticsFailed}
      errorText={TRAINING_DATA_MESSAGES.statisticsFailed}
      testId="statistics"
    >
      {(answer) => <StatisticsView data={answer.data} isFetching={statistics.isFetching} />}
    </QueryState>
  );
}

/** A sample type's card: how many, how many verified (its own test id, read by the journeys), the average quality. */
function SamplesCard({
  type,
  title,
  icon,
  samples,
}: {
  type: 'memory' | 'intent';
  title: string;
  icon: LucideIcon;
  samples: TrainingStatistics['memory'];
}) {
  return (
    <StatCard
      testId={`stat-${type}`}
      title={title}
      icon={icon}
      value={count(samples.totalSamples)}
      detail={
        <>
          <span data-testid={`stat-${type}-verified`}>{count(samples.verifiedSamples)}</span> verified · avg quality{' '}
          {formatScore(samples.avgQualityScore)}
        </>
      }
    />
  );
}

function StatisticsView({ data, isFetching }: { data: TrainingStatistics; isFetching: boolean }) {
  const { memory, intent, decisionAccuracy: accuracy } = data;
  const accuracyRate = decisionAccuracy(accuracy);
  return (
    <div className="td-stack" aria-busy={isFetching}>
      <div className="stat-grid">
        <SamplesCard type="memory" title="Memory samples" icon={Brain} samples={memory} />
        <SamplesCard type="intent" title="Intent samples" icon={MessageSquare} samples={intent} />
        <StatCard
          testId="stat-respond"
          title="Respond / ignore"
          icon={CheckCircle2}
          value={`${count(intent.respondTrue)} / ${count(intent.respondFalse)}`}
          detail={`avg confidence ${formatScore(intent.avgConfidence)}`}
        />
        <StatCard
          testId="stat-accuracy"
          title="Decision accuracy"
          icon={Target}
          tone={accuracyRate === null ? 'unknown' : accuracyRate >= 0.8 ? 'good' : accuracyRate >= 0.6 ? 'warn' : 'bad'}
          value={accuracyRate === null ? '—' : formatShare(accuracyRate)}
          detail={`${count(accuracy.correctDecisions)} of ${count(accuracy.totalWithOutcome)} with a known outcome`}
        />
      </div>
      <Card title="Decision accuracy">
        <p className="td-muted" data-testid="accuracy-definition">
          {DECISION_ACCURACY_DEFINITION}
        </p>
        <dl className="td-figures" data-testid="decision-accuracy">
          {(
            [
              ['With outcome', accuracy.totalWithOutcome],
              ['Correct', accuracy.correctDecisions],
              ['True positives', accuracy.truePositives],
              ['False positives', accuracy.falsePositives],
            ] as const
          ).map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{count(value)}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title="Provider performance">
        {data.providerPerformance.length === 0 ? (
          <EmptyHint>No samples in this range.</EmptyHint>
        ) : (
          <DataTable
            columns={PROVIDER_COLUMNS}
            rows={data.providerPerformance}
            getRowId={(row) => row.providerUsed}
            label="Provider performance"
            testId="provider-table"
          />
        )}
      </Card>
    </div>
  );
}
