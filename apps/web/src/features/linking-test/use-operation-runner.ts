import { LINKING_TEST_TIMINGS } from '@guildhall/contract';
import { type Dispatch, useEffect } from 'react';
import { durationOf, type LinkingTestAction, nextRow, type OperationRow, type OperationTimings } from './operations';

/**
 * Runs the modal's rows one at a time with the simulated timings (spec 2 §4, §9): a link takes 1.5 s, an
 * unlink 1 s, and rows after the first wait 0.5 s before they start.
 */
export function useOperationRunner(
  rows: readonly OperationRow[],
  dispatch: Dispatch<LinkingTestAction>,
  timings: OperationTimings = LINKING_TEST_TIMINGS,
) {
  const next = nextRow(rows);
  const nextId = next?.id;
  const isFirst = !rows.some((row) => row.status === 'success' || row.status === 'error' || row.status === 'warning');
  const pauseMs = isFirst ? 0 : timings.batchPauseMs;

  useEffect(() => {
    if (!nextId) return;
    const timer = window.setTimeout(() => dispatch({ type: 'start', rowId: nextId }), pauseMs);
    return () => window.clearTimeout(timer);
  }, [nextId, pauseMs, dispatch]);

  const running = rows.find((row) => row.status === 'in-progress');
  const runningId = running?.id;
  const runId = running?.runId;
  const durationMs = running ? durationOf(running, timings) : 0;

  useEffect(() => {
    if (!runningId || runId === undefined) return;
    const timer = window.setTimeout(() => dispatch({ type: 'finish', rowId: runningId, now: new Date() }), durationMs);
    return () => window.clearTimeout(timer);
  }, [runningId, runId, durationMs, dispatch]);
}
