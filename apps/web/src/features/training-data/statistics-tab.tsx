import { TRAINING_DATA_MESSAGES, type TrainingStatistics } from '@guildhall/contract';
import { Brain, CheckCircle2, MessageSquare, Target } from 'lucide-react';
import { type IsoRange, useTrainingStatistics } from '../../api/training-data';
import { Card } from '../../ui/card';
import { formatShare } from '../../ui/format-number';
import { EmptyHint, QueryState } from '../../ui/query-state';
import { TableScroll } from '../../ui/table-scroll';
import { StatCard } from '../dashboard/stat-card';
import { decisionAccuracy, formatScore, rate } from './sample-text';

interface StatisticsTabProps {
  range: IsoRange;
  /** False while the date range is wrong: no request is sent. */
  isRangeValid: boolean;
}

const count = (value: number) => value.toLocaleString();

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

function StatisticsView({ data, isFetching }: { data: TrainingStatistics; isFetching: boolean }) {
  const { memory, intent, decisionAccuracy: accuracy } = data;
  const accuracyRate = decisionAccuracy(accuracy);
  return (
    <div className="td-stack" aria-busy={isFetching}>
      <div className="stat-grid">
        <StatCard
          testId="stat-memory"
          title="Memory samples"
          icon={Brain}
          value={count(memory.totalSamples)}
          detail={
            <>
              <span data-testid="stat-memory-verified">{count(memory.verifiedSamples)}</span> verified · avg quality{' '}
              {formatScore(memory.avgQualityScore)}
            </>
          }
        />
        <StatCard
          testId="stat-intent"
          title="Intent samples"
          icon={MessageSquare}
          value={count(intent.totalSamples)}
          detail={
            <>
              <span data-testid="stat-intent-verified">{count(intent.verifiedSamples)}</span> verified · avg quality{' '}
              {formatScore(intent.avgQualityScore)}
            </>
          }
        />
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
        <dl className="td-figures" data-testid="decision-accuracy">
          <div>
            <dt>With outcome</dt>
            <dd>{count(accuracy.totalWithOutcome)}</dd>
          </div>
          <div>
            <dt>Correct</dt>
            <dd>{count(accuracy.correctDecisions)}</dd>
          </div>
          <div>
            <dt>True positives</dt>
            <dd>{count(accuracy.truePositives)}</dd>
          </div>
          <div>
            <dt>False positives</dt>
            <dd>{count(accuracy.falsePositives)}</dd>
          </div>
        </dl>
      </Card>
      <Card title="Provider performance">
        {data.providerPerformance.length === 0 ? (
          <EmptyHint>No samples in this range.</EmptyHint>
        ) : (
          <TableScroll label="Provider performance">
            <table className="table" data-testid="provider-table">
              <thead>
                <tr>
                  <th scope="col">Provider</th>
                  <th scope="col" className="table__number">
                    Samples
                  </th>
                  <th scope="col" className="table__number">
                    Avg confidence
                  </th>
                  <th scope="col" className="table__number">
                    Avg quality
                  </th>
                  <th scope="col" className="table__number">
                    Correct decisions
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.providerPerformance.map((row) => {
                  const share = rate(row.correctDecisions, row.sampleCount);
                  return (
                    <tr key={row.providerUsed}>
                      <th scope="row" className="table__strong">
                        {row.providerUsed}
                      </th>
                      <td className="table__number">{count(row.sampleCount)}</td>
                      <td className="table__number">{formatScore(row.avgConfidence)}</td>
                      <td className="table__number">{formatScore(row.avgQualityScore)}</td>
                      <td className="table__number">
                        {count(row.correctDecisions)}
                        {share !== null && <span className="td-muted"> ({formatShare(share)})</span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Card>
    </div>
  );
}
