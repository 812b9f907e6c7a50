import { type AiCallResult, CONFIG_MESSAGES, SAMPLE_MEMORY_MESSAGE, type SettingValue } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useTestAi, useTestMemory } from '../../api/guild-config';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { FormField } from '../../ui/form-field';
import { formatDateTime } from '../../ui/format-date';
import { Spinner } from '../../ui/spinner';
import '../../styles/setting-input.css';

type ExtractedMemory = NonNullable<ReturnType<typeof useTestMemory>['data']>['result']['memories'][number];

/** Memories of one answer have no id: a row's place is its identity. */
const MEMORY_COLUMNS: ColumnDef<ExtractedMemory>[] = [
  { id: 'memory', header: 'Memory', cell: ({ row }) => row.original.content },
  { id: 'category', header: 'Category', cell: ({ row }) => row.original.category },
  { id: 'importance', header: 'Importance', meta: { className: 'table__number' }, cell: ({ row }) => row.original.importance },
  { id: 'expires', header: 'Expires', cell: ({ row }) => formatDateTime(row.original.expiresAt) },
];

/** What the provider answered: latency, model and reply, or its error. */
function CallResult({ result, testId }: { result: AiCallResult; testId: string }) {
  if (!result.ok)
    return (
      <div className="alert alert--error" role="alert" data-testid={testId}>
        <strong>Failed after {Math.round(result.latencyMs)} ms</strong>
        <p className="alert__detail">{result.error}</p>
      </div>
    );
  return (
    <div className="config-test__result" data-testid={testId} role="status">
      <dl className="facts config-test__facts">
        <div>
          <dt>Latency</dt>
          <dd>{Math.round(result.latencyMs)} ms</dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>{result.model}</dd>
        </div>
      </dl>
      <blockquote className="config-test__reply">{result.reply}</blockquote>
    </div>
  );
}

/** Test AI: a short prompt to the provider with the form's unsaved values. */
export function TestAiPanel({
  guildId,
  config,
  canEdit,
}: {
  guildId: string;
  config: () => Record<string, SettingValue>;
  canEdit: boolean;
}) {
  const test = useTestAi(guildId);
  return (
    <Card
      title="Test AI"
      data-testid="test-ai"
      actions={
        <button
          type="button"
          className="button button--secondary"
          onClick={() => test.mutate(config())}
          disabled={!canEdit || test.isPending}
        >
          <FlaskConical size={16} aria-hidden="true" />
          {test.isPending ? 'Testing...' : 'Run test'}
        </button>
      }
    >
      <p className="muted">Sends a short prompt with the values in the form above, saved or not.</p>
      {test.isPending && <Spinner label="Waiting for the provider (up to 20 s)..." />}
      {test.isError && (
        <p className="alert alert--error" role="alert">
          {errorMessage(test.error)}
        </p>
      )}
      {test.data && !test.isPending && <CallResult result={test.data.result} testId="test-ai-result" />}
    </Card>
  );
}

/** Test Memory: what extraction would store from a sample message with the guild's saved settings. */
export function TestMemoryPanel({ guildId, canEdit }: { guildId: string; canEdit: boolean }) {
  const test = useTestMemory(guildId);
  const [message, setMessage] = useState(SAMPLE_MEMORY_MESSAGE);
  const result = test.data?.result;
  return (
    <Card title="Test Memory" data-testid="test-memory">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          test.mutate(message);
        }}
      >
        <FormField label="Sample message" hint="Runs with the saved Memory and AI settings; nothing is stored.">
          {(control) => (
            <textarea
              {...control}
              className="input config-textarea"
              rows={3}
              maxLength={2000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </FormField>
        <div className="form__actions">
          <button type="submit" className="button button--secondary" disabled={!canEdit || test.isPending}>
            <FlaskConical size={16} aria-hidden="true" />
            {test.isPending ? 'Extracting...' : 'Run extraction'}
          </button>
        </div>
      </form>
      {test.isPending && <Spinner label="Waiting for the extraction model..." />}
      {test.isError && (
        <p className="alert alert--error" role="alert">
          {errorMessage(test.error)}
        </p>
      )}
      {result && !test.isPending && (
        <div data-testid="test-memory-result">
          {!result.enabled ? (
            <p className="note note--info" role="status">
              {CONFIG_MESSAGES.memoryDisabled}
            </p>
          ) : (
            <>
              <p className="muted">
                {result.model} · keeps {result.retentionDays} days · at most {result.maxPerUser} per member
              </p>
              {result.call && !result.call.ok && <CallResult result={result.call} testId="test-memory-call" />}
              {result.call?.ok && result.memories.length === 0 && <p className="muted">Nothing worth remembering.</p>}
              {result.memories.length > 0 && (
                <DataTable
                  columns={MEMORY_COLUMNS}
                  rows={result.memories}
                  getRowId={(_memory, index) => String(index)}
                  label="Extracted memories"
                />
              )}
            </>
          )}
        </div>
      )}
    </Card>
  );
}
