import { DECISION_ACCURACY_DEFINITION, type MlAnalytics } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type IsoRange, useMlAnalytics } from '../../api/training-data';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { formatShare } from '../../ui/format-number';
import { QueryState } from '../../ui/query-state';
import { CategoryChart } from './category-chart';
import { confusionSummary, qualityHistogram, rate } from './sample-text';

interface AnalyticsTabProps {
  range: IsoRange;
  isRangeValid: boolean;
}

const share = (value: number | null) => (value === null ? '—' : formatShare(value));

/** Provider performance, decision accuracy with its confusion matrix, and the quality distribution, as charts. */
export function AnalyticsTab({ range, isRangeValid }: AnalyticsTabProps) {
  const analytics = useMlAnalytics(range, isRangeValid);
  return (
    <QueryState
      query={analytics}
      loading="Loading analytics..."
      errorTitle="Failed to load analytics"
      errorText="Failed to load analytics"
      testId="analytics"
    >
      {(answer) => <AnalyticsView data={answer.data} />}
    </QueryState>
  );
}

type MatrixCell = 'truePositives' | 'falsePositives' | 'falseNegatives' | 'trueNegatives';

/** The matrix's two rows: what was decided, and its cells under what should have been. */
const MATRIX_ROWS: readonly { decided: string; cells: readonly [MatrixCell, MatrixCell] }[] = [
  { decided: 'Decided to respond', cells: ['truePositives', 'falsePositives'] },
  { decided: 'Decided to ignore', cells: ['falseNegatives', 'trueNegatives'] },
];

const IS_CORRECT: Record<MatrixCell, boolean> = {
  truePositives: true,
  trueNegatives: true,
  falsePositives: false,
  falseNegatives: false,
};

function matrixColumns(summary: ReturnType<typeof confusionSummary>): ColumnDef<(typeof MATRIX_ROWS)[number]>[] {
  const outcome = (index: 0 | 1, header: string): ColumnDef<(typeof MATRIX_ROWS)[number]> => ({
    id: header,
    header,
    meta: { cellClassName: (row) => `td-matrix__cell td-matrix__cell--${IS_CORRECT[row.cells[index]] ? 'good' : 'bad'}` },
    cell: ({ row }) => {
      const key = row.original.cells[index];
      return (
        <span data-testid={`matrix-${key}`}>
          <span className="td-matrix__count">{summary.cells[key].count.toLocaleString()}</span>
          <span className="td-matrix__rate">{share(summary.cells[key].rate)}</span>
        </span>
      );
    },
  });
  return [
    {
      id: 'decided',
      header: () => <span className="visually-hidden">Decision</span>,
      meta: { isRowHeader: true },
      cell: ({ row }) => row.original.decided,
    },
    outcome(0, 'Should have responded'),
    outcome(1, 'Should have ignored'),
  ];
}

function ConfusionMatrix({ matrix }: { matrix: MlAnalytics['confusionMatrix'] }) {
  const summary = confusionSummary(matrix);
  return (
    <div className="td-matrix-wrap">
      <DataTable
        columns={matrixColumns(summary)}
        rows={MATRIX_ROWS}
        getRowId={(row) => row.decided}
        label="Confusion matrix"
        testId="confusion-matrix"
        className="td-matrix"
        isPlain
        caption={`Decisions with a known outcome (${summary.total.toLocaleString()})`}
      />
      <dl className="td-figures">
        <div>
          <dt>Accuracy</dt>
          <dd data-testid="matrix-accuracy">{share(summary.accuracy)}</dd>
        </div>
        <div>
          <dt>Precision</dt>
          <dd>{share(summary.precision)}</dd>
        </div>
        <div>
          <dt>Recall</dt>
          <dd>{share(summary.recall)}</dd>
        </div>
      </dl>
    </div>
  );
}

function AnalyticsView({ data }: { data: MlAnalytics }) {
  const providers = data.providerPerformance;
  const verification = (type: 'memory' | 'intent') => {
    const { verified, total } = data.verification[type];
    return `${verified.toLocaleString()} of ${total.toLocaleString()} verified (${share(rate(verified, total))})`;
  };
  return (
    <div className="td-stack">
      <Card title="Provider performance">
        <div className="td-charts">
          <CategoryChart
            title="Samples by provider"
            columns={['provider', 'samples']}
            points={providers.map((row) => ({ label: row.providerUsed, value: row.sampleCount }))}
            testId="chart-provider-samples"
          />
          <CategoryChart
            title="Decision accuracy by provider (%, of known outcomes)"
            columns={['provider', 'correct_percent']}
            points={providers.map((row) => ({
              label: row.providerUsed,
              value: Math.round((rate(row.correctDecisions, row.withOutcome) ?? 0) * 1000) / 10,
            }))}
            testId="chart-provider-accuracy"
          />
        </div>
      </Card>
      <Card title="Decision accuracy">
        <p className="td-muted">{DECISION_ACCURACY_DEFINITION}</p>
        <ConfusionMatrix matrix={data.confusionMatrix} />
      </Card>
      <Card title="Quality distribution">
        <div className="td-charts">
          <CategoryChart
            title="Memory sample quality"
            columns={['quality', 'samples']}
            points={qualityHistogram(data.qualityDistribution, 'memory')}
            testId="chart-quality-memory"
          />
          <CategoryChart
            title="Intent sample quality"
            columns={['quality', 'samples']}
            points={qualityHistogram(data.qualityDistribution, 'intent')}
            testId="chart-quality-intent"
          />
        </div>
        <p className="td-muted">
          Unscored: {data.unscored.memory.toLocaleString()} memory, {data.unscored.intent.toLocaleString()} intent. Memory:{' '}
          {verification('memory')}. Intent: {verification('intent')}.
        </p>
      </Card>
    </div>
  );
}
