import type { IntentSample, MemorySample, SampleType } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-date';
import { contextEntries, correctionPairs, fieldLabel, formatScore, labelText } from './sample-text';

/** A sample with its type, as the screens pass it around. */
export type TypedSample = { type: 'memory'; sample: MemorySample } | { type: 'intent'; sample: IntentSample };

/** The message a sample is about. */
export const sampleMessage = (item: TypedSample) =>
  item.type === 'memory' ? item.sample.messageContent : item.sample.currentMessage;

/** The provider and model that produced a sample. */
export const sampleModel = (item: TypedSample) =>
  item.type === 'memory'
    ? `${item.sample.llmProvider} · ${item.sample.llmModel}`
    : `${item.sample.providerUsed} · ${item.sample.modelUsed}`;

function ConversationContext({ type, item }: { type: SampleType; item: TypedSample }) {
  const entries = contextEntries(type, item.sample.conversationHistory);
  return (
    <section className="td-detail__block">
      <h3 className="td-detail__title">Conversation context</h3>
      {entries.length === 0 ? (
        <p className="td-muted">No earlier messages.</p>
      ) : (
        <ol className="td-context" data-testid="sample-context">
          {entries.map((entry, index) => (
            // The entries have no ids and never reorder.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed slice of the history
            <li key={index} className="td-context__entry">
              <span className="td-context__user">{entry.username}</span> {entry.content}
            </li>
          ))}
        </ol>
      )}
      <p className="td-context__current">
        <span className="td-context__user">Message</span> {sampleMessage(item)}
      </p>
    </section>
  );
}

function MemoryFacts({ sample }: { sample: MemorySample }) {
  return (
    <section className="td-detail__block">
      <h3 className="td-detail__title">Extracted</h3>
      <dl className="td-pairs">
        <dt>Event</dt>
        <dd>{sample.extractedEvent ? sample.extractedEvent.summary : 'None'}</dd>
        <dt>Gems ({sample.gemCount})</dt>
        <dd>
          {sample.extractedGems.length === 0 ? (
            'None'
          ) : (
            <ul className="td-gems" data-testid="sample-gems">
              {sample.extractedGems.map((gem) => (
                <li key={gem.fact}>
                  {gem.fact}
                  {gem.concepts.length > 0 && <span className="td-muted"> ({gem.concepts.join(', ')})</span>}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Quality</dt>
        <dd>{formatScore(sample.qualityScore)}</dd>
        <dt>Latency</dt>
        <dd>{sample.extractionLatencyMs === null ? '—' : `${sample.extractionLatencyMs.toLocaleString()} ms`}</dd>
      </dl>
    </section>
  );
}

function IntentDecision({ sample }: { sample: IntentSample }) {
  const outcome = sample.wasCorrect === null ? 'Unknown' : sample.wasCorrect ? 'Correct' : 'Wrong';
  return (
    <section className="td-detail__block">
      <h3 className="td-detail__title">Decision</h3>
      <dl className="td-pairs" data-testid="sample-decision">
        <dt>Decision</dt>
        <dd>{sample.shouldRespond ? 'Respond' : 'Ignore'}</dd>
        <dt>Confidence</dt>
        <dd>{formatScore(sample.confidence)}</dd>
        <dt>Vibe</dt>
        <dd>{sample.vibeClassification ?? '—'}</dd>
        <dt>Outcome</dt>
        <dd>
          {outcome}
          {sample.actualResponseSent !== null && (
            <span className="td-muted"> · {sample.actualResponseSent ? 'a reply was sent' : 'no reply sent'}</span>
          )}
        </dd>
        <dt>Quality</dt>
        <dd>{formatScore(sample.qualityScore)}</dd>
        <dt>Temperature</dt>
        <dd>{sample.temperature ?? '—'}</dd>
      </dl>
    </section>
  );
}

type CorrectionPair = ReturnType<typeof correctionPairs>[number];

const CORRECTION_COLUMNS: ColumnDef<CorrectionPair>[] = [
  { id: 'field', header: 'Field', meta: { isRowHeader: true }, cell: ({ row }) => fieldLabel(row.original.field) },
  {
    id: 'original',
    header: 'Original',
    cell: ({ row }) => <span data-testid={`label-original-${row.original.field}`}>{labelText(row.original.original)}</span>,
  },
  {
    id: 'corrected',
    header: 'Corrected',
    meta: { cellClassName: 'td-compare__new' },
    cell: ({ row }) => <span data-testid={`label-corrected-${row.original.field}`}>{labelText(row.original.corrected)}</span>,
  },
];

/** The corrected label beside the bot's original values. */
export function LabelComparison({ item }: { item: TypedSample }) {
  const corrections = item.sample.labelCorrections;
  const pairs = correctionPairs(item.sample as unknown as Record<string, unknown>, corrections);
  const note = corrections && typeof corrections.note === 'string' ? corrections.note : '';
  if (pairs.length === 0 && !note) return null;
  return (
    <section className="td-detail__block td-detail__block--wide" data-testid="label-comparison">
      <h3 className="td-detail__title">Corrected label</h3>
      {pairs.length > 0 && (
        <DataTable
          columns={CORRECTION_COLUMNS}
          rows={pairs}
          getRowId={(pair) => pair.field}
          label="Corrected label"
          className="td-compare"
        />
      )}
      {note && (
        <p className="td-compare__note">
          <span className="td-context__user">Note</span> {note}
        </p>
      )}
    </section>
  );
}

/** What an expanded sample shows: its context, what the model extracted or decided, and any corrected label. */
export function SampleDetails({ item }: { item: TypedSample }) {
  return (
    <div className="td-detail" data-testid="sample-details">
      <ConversationContext type={item.type} item={item} />
      {item.type === 'memory' ? <MemoryFacts sample={item.sample} /> : <IntentDecision sample={item.sample} />}
      <LabelComparison item={item} />
      <p className="td-detail__meta">
        {sampleModel(item)} · {formatDateTime(item.sample.timestamp)}
        {item.sample.turnId && (
          <>
            {' · '}
            <Link to={`/admin/ai-turns?turn=${item.sample.turnId}`}>Open the agent turn</Link>
          </>
        )}
      </p>
    </div>
  );
}
