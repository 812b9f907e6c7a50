import { LOG_LIMITS, type LogEntry, logEntry } from '@guildhall/contract';
import { ArrowDown, Eraser, Pause, Play, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { logStreamUrl } from '../../api/logs';
import { type EventStreamState, useEventStream } from '../../api/use-event-stream';
import { Badge, type BadgeTone } from '../../ui/badge';
import { FilterBar } from '../../ui/filter-bar';
import { useScrollFocus } from '../../ui/use-scroll-focus';
import { useUrlQuery } from '../../ui/use-url-query';
import { DEFAULT_TAIL_LEVEL, LEVEL_OPTIONS } from './log-levels';
import { LogLine } from './log-line';
import { tailQuery } from './log-query';
import { emptyTail, tailReducer } from './tail-buffer';

/** Lines that arrive together are put on screen together, at most this often. */
const FLUSH_MS = 100;
/** Within this many pixels of the bottom the tail counts as following the newest line. */
const BOTTOM_SLACK_PX = 32;

const CONNECTION: Record<EventStreamState, { tone: BadgeTone; label: string }> = {
  idle: { tone: 'neutral', label: 'Not connected' },
  connecting: { tone: 'unknown', label: 'Connecting...' },
  open: { tone: 'good', label: 'Live' },
  reconnecting: { tone: 'warn', label: 'Reconnecting...' },
  closed: { tone: 'bad', label: 'Disconnected' },
};

/**
 * The live tail: the server's lines as they are logged, filtered on the server by level, text and request id, newest
 * at the bottom. It follows the newest line until the reader scrolls up; paused, it counts what arrives and shows it
 * on resume. At most LOG_LIMITS.tailOnScreen lines stay on screen. The filters live in the URL.
 */
export function LiveTailTab() {
  const { query: filters, set: setFilters } = useUrlQuery(tailQuery);
  const { level, q: text = '', requestId = '' } = filters;
  const url = useMemo(() => logStreamUrl({ level, q: text, requestId }), [level, text, requestId]);
  const [tail, dispatch] = useReducer(tailReducer, undefined, () => emptyTail());
  const queue = useRef<LogEntry[]>([]);

  // Other filters mean other lines: the new stream's backfill replaces what was on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: url is the cue to start over
  useEffect(() => {
    queue.current = [];
    dispatch({ type: 'clear' });
  }, [url]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (queue.current.length === 0) return;
      const entries = queue.current;
      queue.current = [];
      dispatch({ type: 'receive', entries });
    }, FLUSH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const stream = useEventStream(url, {
    log: (data) => {
      const parsed = logEntry.safeParse(data);
      if (parsed.success) queue.current.push(parsed.data);
    },
  });
  const connection = CONNECTION[stream.state];

  const boxRef = useRef<HTMLDivElement>(null);
  const [isFollowing, setFollowing] = useState(true);
  useScrollFocus(boxRef);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (box && isFollowing && tail.lines.length > 0) box.scrollTop = box.scrollHeight;
  }, [tail.lines, isFollowing]);

  function handleScroll() {
    const box = boxRef.current;
    if (box) setFollowing(box.scrollHeight - box.scrollTop - box.clientHeight <= BOTTOM_SLACK_PX);
  }

  const filterByRequest = useCallback((id: string) => setFilters({ requestId: id }), [setFilters]);
  const isFiltered = text !== '' || requestId !== '';

  return (
    <div className="live-logs__stack">
      <FilterBar
        values={filters}
        onChange={setFilters}
        isFiltered={isFiltered || level !== DEFAULT_TAIL_LEVEL}
        label="Filter the live tail"
        className="live-logs__filters"
        fields={[
          { kind: 'select', name: 'level', label: 'Level', options: LEVEL_OPTIONS, testId: 'tail-level' },
          {
            kind: 'search',
            name: 'q',
            label: 'Filter lines by text',
            placeholder: 'Filter by text',
            testId: 'tail-text',
            maxLength: 500,
          },
          {
            kind: 'search',
            name: 'requestId',
            label: 'Filter by request ID',
            placeholder: 'Request ID',
            testId: 'tail-request',
            maxLength: 100,
          },
        ]}
      />

      <div className="live-logs__toolbar">
        <span className="live-logs__connection" data-testid="tail-connection">
          <Badge tone={connection.tone} dot={stream.state === 'open' ? 'pulse' : 'static'}>
            {connection.label}
          </Badge>
          {stream.state === 'closed' && (
            <button type="button" className="button button--secondary button--small" onClick={stream.reconnect}>
              <RefreshCw size={14} aria-hidden="true" />
              Reconnect
            </button>
          )}
        </span>
        <span className="live-logs__muted" data-testid="tail-count">
          {`${tail.lines.length.toLocaleString('en-US')} ${tail.lines.length === 1 ? 'line' : 'lines'} on screen (at most ${LOG_LIMITS.tailOnScreen.toLocaleString('en-US')})`}
        </span>
        <span className="live-logs__actions">
          {tail.isPaused && (
            <span className="live-logs__held" role="status" data-testid="tail-held">
              {`${tail.heldCount.toLocaleString('en-US')} new ${tail.heldCount === 1 ? 'line' : 'lines'}`}
            </span>
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => dispatch({ type: tail.isPaused ? 'resume' : 'pause' })}
            data-testid="tail-pause"
          >
            {tail.isPaused ? <Play size={14} aria-hidden="true" /> : <Pause size={14} aria-hidden="true" />}
            {tail.isPaused ? 'Resume' : 'Pause'}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => dispatch({ type: 'clear' })}
            disabled={tail.lines.length === 0 && tail.heldCount === 0}
          >
            <Eraser size={14} aria-hidden="true" />
            Clear
          </button>
        </span>
      </div>

      <div className="live-logs__tail">
        <div
          ref={boxRef}
          className="live-logs__lines"
          role="log"
          aria-live="off"
          aria-label="Live log lines"
          onScroll={handleScroll}
          data-testid="tail-lines"
        >
          {tail.lines.length === 0 ? (
            <p className="live-logs__empty" data-testid="tail-empty">
              {stream.state === 'closed'
                ? 'The log stream is closed. Reconnect to follow the logs again.'
                : tail.isPaused
                  ? pausedText(tail.heldCount)
                  : isFiltered
                    ? 'No lines match these filters yet; new ones appear here as they are logged.'
                    : 'Waiting for log lines...'}
            </p>
          ) : (
            <ol className="log-lines">
              {tail.lines.map((line) => (
                <LogLine key={line.id} entry={line.entry} onRequestId={filterByRequest} />
              ))}
            </ol>
          )}
        </div>
        {!isFollowing && tail.lines.length > 0 && (
          <button
            type="button"
            className="button button--primary button--small live-logs__jump"
            onClick={() => setFollowing(true)}
          >
            <ArrowDown size={14} aria-hidden="true" />
            Jump to latest
          </button>
        )}
      </div>
    </div>
  );
}

/** The empty list while paused: the lines wait for Resume, not for the server (issue 29). */
function pausedText(held: number): string {
  if (held === 0) return 'Paused: new lines are held until you resume.';
  return `Paused: ${held.toLocaleString('en-US')} new ${held === 1 ? 'line is' : 'lines are'} held. Resume to show ${held === 1 ? 'it' : 'them'}.`;
}
