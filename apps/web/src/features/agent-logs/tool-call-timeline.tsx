import type { ToolCall } from '@guildhall/contract';

interface ToolCallTimelineProps {
  calls: ToolCall[];
  /** When the turn started and how long it took: the span the bars are drawn on. */
  startedAt: string;
  latencyMs: number;
}

/** Where each call sits on the turn's span, in percent: from its start time, else right after the previous call. */
export function timelineBars(calls: readonly ToolCall[], startedAt: string, latencyMs: number) {
  const origin = Date.parse(startedAt);
  const span = Math.max(
    1,
    latencyMs,
    ...calls.map((call) => (call.startedAt ? Date.parse(call.startedAt) - origin : 0) + (call.durationMs ?? 0)),
  );
  let cursor = 0;
  return calls.map((call) => {
    const start = call.startedAt ? Math.max(0, Date.parse(call.startedAt) - origin) : cursor;
    const duration = call.durationMs ?? 0;
    cursor = start + duration;
    return { offset: (start / span) * 100, width: Math.max(0.8, (duration / span) * 100), start };
  });
}

/** The tools the agent called, in order, as bars on the turn's span, with their arguments and result or error. */
export function ToolCallTimeline({ calls, startedAt, latencyMs }: ToolCallTimelineProps) {
  if (calls.length === 0) return <p className="muted">No tool calls in this turn.</p>;
  const bars = timelineBars(calls, startedAt, latencyMs);
  return (
    <ol className="tool-timeline" data-testid="tool-timeline">
      {calls.map((call, index) => (
        // Calls have no id of their own; their order is what the bot sent.
        // biome-ignore lint/suspicious/noArrayIndexKey: call order is stable
        <li key={index} className="tool-timeline__call" data-testid="tool-call">
          <div className="tool-timeline__head">
            <code className="tool-timeline__name">{call.name}</code>
            <span className="tool-timeline__time">
              {call.durationMs === null ? 'duration unknown' : `${call.durationMs} ms`}
              {` · at +${bars[index]!.start} ms`}
            </span>
          </div>
          <div className="tool-timeline__track" aria-hidden="true">
            <span
              className={`tool-timeline__bar${call.error ? ' tool-timeline__bar--error' : ''}`}
              style={{ marginLeft: `${bars[index]!.offset}%`, width: `${bars[index]!.width}%` }}
            />
          </div>
          <details className="tool-timeline__details">
            <summary>Arguments and result</summary>
            <pre>{JSON.stringify(call.arguments, null, 2)}</pre>
            {call.error ? <p className="tool-timeline__error">Error: {call.error}</p> : <pre>{call.result ?? '(no result)'}</pre>}
          </details>
        </li>
      ))}
    </ol>
  );
}
