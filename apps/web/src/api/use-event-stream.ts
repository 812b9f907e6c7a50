import { useEffect, useRef, useState } from 'react';

/**
 * Where a server-sent event stream stands: `connecting` before the first answer, `open` while events can arrive,
 * `reconnecting` after a drop while the browser tries again on its own, `closed` when it has given up (the server
 * refused the stream, for instance a 401 or 403) until `reconnect()` is called.
 */
export type EventStreamState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** One handler per event name; each gets the event's data parsed as JSON. */
export type EventStreamHandlers = Record<string, (data: unknown) => void>;

/** EventSource.CLOSED: the browser will not try again. */
const CLOSED = 2;

/** The stream state an EventSource's readyState means after an `error` event. */
export function stateAfterError(readyState: number): EventStreamState {
  return readyState === CLOSED ? 'closed' : 'reconnecting';
}

/**
 * Listens to a same-origin server-sent event stream (the session cookie goes along), calling the handler of each
 * named event with its JSON data. A new `url` closes the old stream and opens another; null opens none; leaving
 * the page closes it. Handlers may change on every render without reopening the stream.
 */
export function useEventStream(url: string | null, handlers: EventStreamHandlers) {
  const [state, setState] = useState<EventStreamState>(url ? 'connecting' : 'idle');
  const [attempt, setAttempt] = useState(0);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const names = Object.keys(handlers).sort().join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the cue to open the stream again
  useEffect(() => {
    if (!url) {
      setState('idle');
      return;
    }
    setState('connecting');
    const source = new EventSource(url);
    source.onopen = () => setState('open');
    source.onerror = () => setState(stateAfterError(source.readyState));
    const listeners = names
      .split(',')
      .filter(Boolean)
      .map((name) => {
        const listener = (event: MessageEvent<string>) => {
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            return; // not JSON: not an event this stream's contract sends
          }
          handlersRef.current[name]?.(data);
        };
        source.addEventListener(name, listener);
        return [name, listener] as const;
      });
    return () => {
      for (const [name, listener] of listeners) source.removeEventListener(name, listener);
      source.close();
    };
  }, [url, names, attempt]);

  return { state, reconnect: () => setAttempt((value) => value + 1) };
}
