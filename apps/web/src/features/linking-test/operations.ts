import { LINKING_TEST_LIMITS, LINKING_TEST_TIMINGS, type OperationStatus } from '@guildhall/contract';
import { linkCharacter, unlinkCharacter } from './linking-data';
import type { LinkingData, OperationKind } from './linking-types';
import { createSampleData, type SampleSet } from './sample-data';

/** One row of the progress modal: an operation, and whether it runs forward or undoes what it did. */
export interface OperationRow {
  id: string;
  kind: OperationKind;
  characterId: string;
  characterName: string;
  userId: string;
  userName: string;
  status: OperationStatus;
  message: string | null;
  /** The row's operation was undone; Redo runs it again. */
  isUndone: boolean;
  /** What runs next (or now): the operation itself, or its reverse. */
  direction: 'forward' | 'reverse';
  /** Counts the runs of the whole page, so a run's timer is tied to exactly one run. */
  runId: number;
}

/** One line of the operation log. */
export interface LogEntry {
  id: number;
  at: string;
  action: 'link' | 'unlink' | 'undo' | 'redo' | 'retry';
  status: Extract<OperationStatus, 'success' | 'error' | 'warning'>;
  message: string;
}

/** The test page's state: the sample data, the progress modal's rows and the operation log (newest first). */
export interface LinkingTestState {
  data: LinkingData;
  rows: OperationRow[];
  isModalOpen: boolean;
  log: LogEntry[];
  nextId: number;
}

/** An operation to queue. */
export interface OperationRequest {
  kind: OperationKind;
  characterId: string;
  userId: string;
}

/** What the page can do to its state. */
export type LinkingTestAction =
  | { type: 'queue'; operations: OperationRequest[] }
  | { type: 'start'; rowId: string }
  | { type: 'finish'; rowId: string; now: Date }
  | { type: 'undo' | 'redo' | 'retry'; rowId: string }
  | { type: 'close' }
  | { type: 'reset'; now: Date; sampleSet: SampleSet };

/** How long the simulated operations take, in milliseconds. */
export interface OperationTimings {
  linkMs: number;
  unlinkMs: number;
  batchPauseMs: number;
}

/** The state the page opens with, on the chosen sample set. */
export function initialLinkingTestState(now: Date = new Date(), sampleSet: SampleSet = 'latin'): LinkingTestState {
  return { data: createSampleData(now, sampleSet), rows: [], isModalOpen: false, log: [], nextId: 1 };
}

const SETTLED: readonly OperationStatus[] = ['success', 'error', 'warning'];

/** Progress of the modal (spec 2 §4): rows finished of all rows. */
export function progressOf(rows: readonly OperationRow[]): { completed: number; total: number } {
  return { completed: rows.filter((row) => SETTLED.includes(row.status)).length, total: rows.length };
}

/** How the modal's rows ended so far: each finished row counts once, by how its last run ended. */
export interface BatchOutcome {
  succeeded: number;
  failed: number;
  warnings: number;
  /** Rows whose operation was undone since (their undo succeeded). */
  undone: number;
  total: number;
}

/** The outcome of the rows: succeeded, failed, warned and undone, of all rows. */
export function outcomeOf(rows: readonly OperationRow[]): BatchOutcome {
  const outcome: BatchOutcome = { succeeded: 0, failed: 0, warnings: 0, undone: 0, total: rows.length };
  for (const row of rows) {
    if (row.status === 'error') outcome.failed += 1;
    else if (row.status === 'warning') outcome.warnings += 1;
    else if (row.status === 'success') {
      if (row.isUndone) outcome.undone += 1;
      else outcome.succeeded += 1;
    }
  }
  return outcome;
}

/** '1 of 3 succeeded, 2 failed' (with ', 1 with a warning' and ', 1 undone' when there are): failures read as failures. */
export function outcomeText(outcome: BatchOutcome): string {
  const parts = [`${outcome.succeeded} of ${outcome.total} succeeded`];
  if (outcome.failed > 0) parts.push(`${outcome.failed} failed`);
  if (outcome.warnings > 0) parts.push(`${outcome.warnings} with a warning`);
  if (outcome.undone > 0) parts.push(`${outcome.undone} undone`);
  return parts.join(', ');
}

/** The modal's closing button (spec 2 §4): Done when every row is success or error, otherwise Cancel. */
export function closeLabel(rows: readonly OperationRow[]): 'Done' | 'Cancel' {
  return rows.length > 0 && rows.every((row) => row.status === 'success' || row.status === 'error') ? 'Done' : 'Cancel';
}

/** The row that should start next: none while one runs; else the first pending one. */
export function nextRow(rows: readonly OperationRow[]): OperationRow | undefined {
  if (rows.some((row) => row.status === 'in-progress')) return undefined;
  return rows.find((row) => row.status === 'pending');
}

/** How long a row's run takes: a link 1.5 s, an unlink 1 s; undoing a link is an unlink, and the reverse. */
export function durationOf(row: OperationRow, timings: OperationTimings = LINKING_TEST_TIMINGS): number {
  const runsLink = (row.kind === 'link') === (row.direction === 'forward');
  return runsLink ? timings.linkMs : timings.unlinkMs;
}

function logAction(row: OperationRow): LogEntry['action'] {
  if (row.direction === 'reverse') return 'undo';
  if (row.isUndone) return 'redo';
  return row.message !== null && row.status === 'in-progress' ? 'retry' : row.kind;
}

function runRow(data: LinkingData, row: OperationRow, now: Date) {
  const runsLink = (row.kind === 'link') === (row.direction === 'forward');
  return runsLink ? linkCharacter(data, row.characterId, row.userId, now) : unlinkCharacter(data, row.characterId);
}

function updateRow(state: LinkingTestState, rowId: string, change: (row: OperationRow) => OperationRow | null) {
  let found = false;
  const rows = state.rows.map((row) => {
    if (row.id !== rowId) return row;
    const next = change(row);
    if (next) found = true;
    return next ?? row;
  });
  return found ? { ...state, rows } : state;
}

function finish(state: LinkingTestState, rowId: string, now: Date): LinkingTestState {
  const row = state.rows.find((candidate) => candidate.id === rowId);
  if (row?.status !== 'in-progress') return state;
  const outcome = runRow(state.data, row, now);
  const isUndo = row.direction === 'reverse';
  const done: OperationRow = {
    ...row,
    status: outcome.status,
    message: outcome.message,
    // A finished undo leaves the row undone (Redo); a finished forward run clears it.
    isUndone: isUndo ? outcome.status !== 'error' : outcome.status === 'error' ? row.isUndone : false,
    direction: isUndo && outcome.status === 'error' ? 'reverse' : 'forward',
  };
  const entry: LogEntry = {
    id: state.nextId,
    at: now.toISOString(),
    action: logAction(row),
    status: outcome.status,
    message: outcome.message,
  };
  return {
    ...state,
    data: outcome.data,
    rows: state.rows.map((candidate) => (candidate.id === rowId ? done : candidate)),
    log: [entry, ...state.log].slice(0, LINKING_TEST_LIMITS.operationLog),
    nextId: state.nextId + 1,
  };
}

function queue(state: LinkingTestState, operations: OperationRequest[]): LinkingTestState {
  const nameOf = (id: string) => state.data.characters.find((character) => character.id === id)?.name ?? id;
  const userOf = (id: string) => state.data.users.find((user) => user.id === id)?.displayName ?? id;
  const rows = operations.map(
    (operation, index): OperationRow => ({
      id: `op-${state.nextId + index}`,
      ...operation,
      characterName: nameOf(operation.characterId),
      userName: userOf(operation.userId),
      status: 'pending',
      message: null,
      isUndone: false,
      direction: 'forward',
      runId: 0,
    }),
  );
  // A new batch replaces the rows of a finished one; rows still due stay in front of it.
  const kept = state.rows.filter((row) => row.status === 'pending' || row.status === 'in-progress');
  return {
    ...state,
    rows: [...kept, ...rows],
    isModalOpen: rows.length > 0 || state.isModalOpen,
    nextId: state.nextId + rows.length,
  };
}

/** The test page's reducer: queueing, running, undo, redo, retry, closing the modal and Reset Data. */
export function linkingTestReducer(state: LinkingTestState, action: LinkingTestAction): LinkingTestState {
  switch (action.type) {
    case 'queue':
      return queue(state, action.operations);
    case 'start': {
      const started = updateRow(state, action.rowId, (row) =>
        row.status === 'pending' ? { ...row, status: 'in-progress', runId: state.nextId } : null,
      );
      return started === state ? state : { ...started, nextId: state.nextId + 1 };
    }
    case 'finish':
      return finish(state, action.rowId, action.now);
    case 'undo':
      return updateRow(state, action.rowId, (row) =>
        row.status === 'success' && !row.isUndone ? { ...row, status: 'pending', direction: 'reverse' } : null,
      );
    case 'redo':
      return updateRow(state, action.rowId, (row) =>
        row.isUndone && SETTLED.includes(row.status) ? { ...row, status: 'pending', direction: 'forward' } : null,
      );
    case 'retry':
      return updateRow(state, action.rowId, (row) => (row.status === 'error' ? { ...row, status: 'pending' } : null));
    case 'close':
      // Cancel drops what has not started; a run in progress still finishes and is logged.
      return { ...state, isModalOpen: false, rows: state.rows.filter((row) => row.status === 'in-progress') };
    case 'reset':
      return { ...initialLinkingTestState(action.now, action.sampleSet), nextId: state.nextId };
  }
}
