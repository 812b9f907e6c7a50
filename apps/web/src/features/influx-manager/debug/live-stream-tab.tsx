import { debugStreamRequest, INFLUX_STREAM } from '@guildhall/contract';
import { useId, useState } from 'react';
import { Card } from '../../../ui/card';
import { ResultTable } from '../result-table';
import type { InfluxDebug } from './use-influx-debug';

const ALL = '';

/**
 * New points as they arrive: a measurement (or all), how often to ask, how far back and how many per tick. The
 * Streaming/Stopped switch starts and stops it; stopping clears the table. Newest first, at most 1000 rows.
 */
export function LiveStreamTab({ debug }: { debug: InfluxDebug }) {
  const { stream } = debug;
  const [measurement, setMeasurement] = useState(ALL);
  const [interval, setIntervalMs] = useState(String(INFLUX_STREAM.defaultIntervalMs));
  const [timeRange, setTimeRange] = useState<string>(INFLUX_STREAM.defaultTimeRange);
  const [limit, setLimit] = useState(String(INFLUX_STREAM.defaultLimit));
  const [problems, setProblems] = useState<string[]>([]);
  const ids = { measurement: useId(), interval: useId(), timeRange: useId(), limit: useId() };
  const isOn = stream.state !== 'stopped';

  function handleToggle() {
    if (isOn) {
      debug.stopStream();
      return;
    }
    const parsed = debugStreamRequest.safeParse({
      measurement: measurement === ALL ? null : measurement,
      interval,
      timeRange,
      limit,
    });
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((issue) => issue.message));
      return;
    }
    setProblems([]);
    debug.startStream(parsed.data);
  }

  return (
    <>
      <Card title="Stream settings" data-testid="influx-stream-settings">
        <div className="influx-controls">
          <label className="influx-field" htmlFor={ids.measurement}>
            Measurement
            <select
              id={ids.measurement}
              className="input influx-select"
              value={measurement}
              onChange={(event) => setMeasurement(event.target.value)}
              disabled={isOn}
            >
              <option value={ALL}>All measurements</option>
              {debug.measurements.names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className="influx-field" htmlFor={ids.interval}>
            Interval (ms)
            <input
              id={ids.interval}
              className="input influx-input influx-input--number"
              type="number"
              min={INFLUX_STREAM.minIntervalMs}
              max={INFLUX_STREAM.maxIntervalMs}
              step={500}
              value={interval}
              onChange={(event) => setIntervalMs(event.target.value)}
              disabled={isOn}
            />
          </label>
          <label className="influx-field" htmlFor={ids.timeRange}>
            Time range
            <input
              id={ids.timeRange}
              className="input influx-input influx-input--number"
              value={timeRange}
              onChange={(event) => setTimeRange(event.target.value)}
              disabled={isOn}
            />
          </label>
          <label className="influx-field" htmlFor={ids.limit}>
            Limit
            <input
              id={ids.limit}
              className="input influx-input influx-input--number"
              type="number"
              min={INFLUX_STREAM.minLimit}
              max={INFLUX_STREAM.maxLimit}
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              disabled={isOn}
            />
          </label>
          <button
            type="button"
            role="switch"
            aria-checked={isOn}
            className={`influx-switch${isOn ? ' influx-switch--on' : ''}`}
            onClick={handleToggle}
            disabled={debug.connection !== 'connected'}
            data-testid="influx-stream-toggle"
          >
            <span className="influx-switch__track" aria-hidden="true">
              <span className="influx-switch__thumb" />
            </span>
            {isOn ? 'Streaming' : 'Stopped'}
          </button>
        </div>
        {problems.length > 0 && (
          <ul className="alert alert--error influx-problems" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {stream.error && (
          <p className="alert alert--error" role="alert" data-testid="influx-stream-error">
            {stream.error}
          </p>
        )}
      </Card>
      <Card title="Live data" data-testid="influx-stream">
        <p className="influx-muted" aria-live="polite" data-testid="influx-stream-count">
          {isOn
            ? `${stream.rows.length.toLocaleString('en-US')} ${stream.rows.length === 1 ? 'row' : 'rows'}, newest first (the last ${INFLUX_STREAM.bufferRows.toLocaleString('en-US')} are kept)`
            : 'Stopped. Switch the stream on to watch new points arrive.'}
        </p>
        {stream.rows.length > 0 && <ResultTable rows={stream.rows} label="Live data" testId="influx-stream-table" />}
      </Card>
    </>
  );
}
