import type { LogEntry } from '@guildhall/contract';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo, useState } from 'react';
import { requestSummary } from './line-summary';

interface LogLineProps {
  entry: LogEntry;
  /** Shows the day as well as the time (search results span days; the tail is now). */
  withDate?: boolean;
  /** A click on the line's request id filters by it. */
  onRequestId?: (requestId: string) => void;
}

const TIME_FORMAT: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
};
const DATE_TIME_FORMAT: Intl.DateTimeFormatOptions = { ...TIME_FORMAT, year: 'numeric', month: 'short', day: 'numeric' };

/** A line's time in the browser's zone, to the millisecond: lines of one request are milliseconds apart. */
function lineTime(iso: string, withDate: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return withDate ? date.toLocaleString(undefined, DATE_TIME_FORMAT) : date.toLocaleTimeString(undefined, TIME_FORMAT);
}

/** One log line: time, level, source, message and request id, its other fields unfolded on demand as JSON. */
export const LogLine = memo(function LogLine({ entry, withDate = false, onRequestId }: LogLineProps) {
  const [isOpen, setOpen] = useState(false);
  const hasFields = Object.keys(entry.fields).length > 0;
  const { requestId } = entry;
  const summary = requestSummary(entry);
  return (
    <li className={`log-line log-line--${entry.level}`} data-testid="log-line" data-level={entry.level}>
      <div className="log-line__main">
        <time className="log-line__time" dateTime={entry.time}>
          {lineTime(entry.time, withDate)}
        </time>
        <span className={`log-level log-level--${entry.level}`}>{entry.level}</span>
        <span className="log-line__source">{entry.source}</span>
        <span className="log-line__message">
          {entry.message}
          {summary && <span className="log-line__summary">{summary}</span>}
        </span>
        {requestId &&
          (onRequestId ? (
            <button
              type="button"
              className="log-line__request"
              aria-label={`Request ${requestId}: show only its lines`}
              title="Show only this request's lines"
              onClick={() => onRequestId(requestId)}
            >
              {requestId}
            </button>
          ) : (
            <span className="log-line__request log-line__request--text">{requestId}</span>
          ))}
        {hasFields && (
          <button
            type="button"
            className="icon-button log-line__toggle"
            aria-expanded={isOpen}
            aria-label={isOpen ? 'Hide fields' : 'Show fields'}
            onClick={() => setOpen((open) => !open)}
          >
            {isOpen ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          </button>
        )}
      </div>
      {isOpen && <pre className="log-line__fields">{JSON.stringify(entry.fields, null, 2)}</pre>}
    </li>
  );
});
