import { EXPORT_FORMATS, type ExportRecord, SAMPLE_SCOPES, TRAINING_DATA_LIMITS } from '@guildhall/contract';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import {
  type DatasetExportAnswer,
  type DatasetExportBody,
  exportErrorMessage,
  useDatasetExport,
  useMlExports,
} from '../../api/ml-exports';
import { Card } from '../../ui/card';
import { FilterSelect } from '../../ui/filter-select';
import { formatDateTime } from '../../ui/format-date';
import { ProgressBar } from '../../ui/progress-bar';
import { Switch } from '../../ui/switch';
import { type DayRange, isoRange, rangeError } from './date-range';
import { DateRangeFields } from './date-range-fields';
import { ExportFileList } from './export-file-list';

const DEFAULTS = TRAINING_DATA_LIMITS.exportDefaults;
const LIMIT = TRAINING_DATA_LIMITS.exportLimit;

const SAMPLE_TYPE_OPTIONS = SAMPLE_SCOPES.map((value) => ({
  value,
  label: value === 'both' ? 'Both' : value === 'memory' ? 'Memory' : 'Intent',
}));
const FORMAT_OPTIONS = EXPORT_FORMATS.map((value) => ({
  value,
  label: value === 'jsonl' ? 'JSON Lines (jsonl)' : 'Hugging Face dataset (Parquet)',
}));

/** The form's values as the inputs hold them. */
interface ExportForm {
  sampleType: (typeof SAMPLE_SCOPES)[number];
  format: (typeof EXPORT_FORMATS)[number];
  minQualityScore: number;
  verifiedOnly: boolean;
  withOutcomes: boolean;
  /** Empty: no limit. */
  limit: string;
  range: DayRange;
}

const INITIAL: ExportForm = {
  sampleType: DEFAULTS.sampleType,
  format: DEFAULTS.format,
  minQualityScore: DEFAULTS.minQualityScore,
  verifiedOnly: DEFAULTS.verifiedOnly,
  withOutcomes: DEFAULTS.withOutcomes,
  limit: '',
  range: { start: '', end: '' },
};

const numberText = (value: number) => value.toLocaleString('en-US');
const LIMIT_ERROR = `Limit must be a whole number from ${numberText(LIMIT.min)} to ${numberText(LIMIT.max)}`;

/** The limit's problem, or null (empty is fine: no limit). */
function limitError(limit: string): string | null {
  if (limit.trim() === '') return null;
  const value = Number(limit);
  return Number.isInteger(value) && value >= LIMIT.min && value <= LIMIT.max ? null : LIMIT_ERROR;
}

/** The request: the filters set, and nothing for an empty field (spec 2 §2). */
export function exportBody(form: ExportForm): DatasetExportBody {
  return {
    sampleType: form.sampleType,
    format: form.format,
    minQualityScore: form.minQualityScore,
    verifiedOnly: form.verifiedOnly,
    withOutcomes: form.withOutcomes,
    ...(form.limit.trim() !== '' && { limit: Number(form.limit) }),
    ...isoRange(form.range),
  };
}

/** Spec 2 §2: the training dataset export (jsonl or a Hugging Face folder), its progress, files, and kept exports. */
export function ExportPanel() {
  const id = useId();
  const [form, setForm] = useState<ExportForm>(INITIAL);
  const [result, setResult] = useState<DatasetExportAnswer | null>(null);
  const exportMutation = useDatasetExport();
  const exports = useMlExports(exportMutation.isPending);
  const set = (patch: Partial<ExportForm>) => setForm((current) => ({ ...current, ...patch }));

  const rangeProblem = rangeError(form.range);
  const limitProblem = limitError(form.limit);
  const running = exports.data?.exports.find((item) => item.status === 'running');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rangeProblem || limitProblem || exportMutation.isPending) return;
    setResult(null);
    exportMutation.mutate(exportBody(form), { onSuccess: setResult });
  };

  return (
    <div className="td-stack" data-testid="export-panel">
      <Card title="Export dataset">
        <form className="form" onSubmit={submit} aria-label="Export dataset" noValidate>
          <div className="filter-bar">
            <SelectField
              label="Sample type"
              value={form.sampleType}
              options={SAMPLE_TYPE_OPTIONS}
              onChange={(sampleType) => set({ sampleType })}
              testId="export-sample-type"
            />
            <SelectField
              label="Format"
              value={form.format}
              options={FORMAT_OPTIONS}
              onChange={(format) => set({ format })}
              testId="export-format"
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-quality`}>
              Minimum quality: <output htmlFor={`${id}-quality`}>{form.minQualityScore.toFixed(1)}</output>
            </label>
            <input
              id={`${id}-quality`}
              type="range"
              min={0}
              max={1}
              step={0.1}
              value={form.minQualityScore}
              onChange={(event) => set({ minQualityScore: Number(event.target.value) })}
              data-testid="export-min-quality"
            />
          </div>
          <div className="filter-bar">
            <Switch checked={form.verifiedOnly} onChange={(verifiedOnly) => set({ verifiedOnly })} testId="export-verified-only">
              Verified samples only
            </Switch>
            <Switch checked={form.withOutcomes} onChange={(withOutcomes) => set({ withOutcomes })} testId="export-with-outcomes">
              With known outcomes only (intent)
            </Switch>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-limit`}>
              Limit per sample type (optional)
            </label>
            <input
              id={`${id}-limit`}
              className="input"
              type="number"
              inputMode="numeric"
              min={LIMIT.min}
              max={LIMIT.max}
              step={LIMIT.step}
              placeholder="No limit"
              value={form.limit}
              aria-invalid={Boolean(limitProblem)}
              aria-describedby={limitProblem ? `${id}-limit-error` : `${id}-limit-hint`}
              onChange={(event) => set({ limit: event.target.value })}
              data-testid="export-limit"
            />
            {limitProblem ? (
              <p id={`${id}-limit-error`} className="field__error" role="alert">
                {limitProblem}
              </p>
            ) : (
              <p id={`${id}-limit-hint`} className="field__hint">
                {numberText(LIMIT.min)} to {numberText(LIMIT.max)}, the newest samples first
              </p>
            )}
          </div>
          <DateRangeFields value={form.range} onChange={(range) => set({ range })} />
          <div className="form__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={exportMutation.isPending || Boolean(rangeProblem) || Boolean(limitProblem)}
              data-testid="export-submit"
            >
              {exportMutation.isPending ? 'Exporting…' : 'Export'}
            </button>
          </div>
        </form>
        {exportMutation.isPending && (
          <ProgressBar
            label="Exporting samples"
            received={running?.rowCount ?? 0}
            total={running?.total ?? null}
            formatValue={(value) => `${numberText(value)} samples`}
            testId="export-progress"
          />
        )}
        {exportMutation.isError && (
          <p className="alert alert--error" role="alert" data-testid="export-error">
            {exportErrorMessage(exportMutation.error)}
          </p>
        )}
        {result && (
          <div className="td-stack" data-testid="export-result" aria-live="polite">
            <p>
              Export written at {formatDateTime(result.timestamp)}: {result.files.length}{' '}
              {result.files.length === 1 ? 'file' : 'files'}.
            </p>
            <ExportFileList files={result.files} />
          </div>
        )}
      </Card>
      <KeptExports exports={exports.data?.exports} isLoading={exports.isLoading} error={exports.error} />
    </div>
  );
}

const STATUS_TEXT: Record<ExportRecord['status'], string> = { running: 'Running', done: 'Done', failed: 'Failed' };
const STATUS_BADGE: Record<ExportRecord['status'], string> = {
  running: 'badge--brand',
  done: 'badge--good',
  failed: 'badge--bad',
};

/** A select with its visible label, as a form field. */
function SelectField<T extends string>(props: ComponentProps<typeof FilterSelect<T>>) {
  return (
    <div className="field">
      <FilterSelect labelClassName="field__label" className="input" {...props} />
    </div>
  );
}

/** The exports the server still keeps, newest first, each with its files. */
function KeptExports({ exports, isLoading, error }: { exports: ExportRecord[] | undefined; isLoading: boolean; error: unknown }) {
  return (
    <Card title="Kept exports" data-testid="kept-exports">
      {isLoading && <p className="td-muted">Loading exports…</p>}
      {Boolean(error) && (
        <p className="alert alert--error" role="alert">
          {exportErrorMessage(error)}
        </p>
      )}
      {exports && exports.length === 0 && (
        <p className="td-muted">No exports kept. Exports are removed after the retention period.</p>
      )}
      {exports && exports.length > 0 && (
        <ul className="mail-list" aria-label="Kept exports">
          {exports.map((item) => (
            <li key={item.id} className="mail-row td-stack" data-testid="kept-export">
              <div className="filter-bar">
                <span className={`badge ${STATUS_BADGE[item.status]}`}>{STATUS_TEXT[item.status]}</span>
                <strong>
                  {item.format === 'jsonl' ? 'jsonl' : 'Hugging Face'} · {item.sampleType}
                </strong>
                <span className="td-muted">
                  {formatDateTime(item.createdAt)} · {numberText(item.rowCount)} samples · kept until{' '}
                  {formatDateTime(item.expiresAt)}
                </span>
              </div>
              {item.error && <p className="field__error">{item.error}</p>}
              {item.files.length > 0 && <ExportFileList files={item.files} />}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
