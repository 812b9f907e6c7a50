import { describe, expect, it } from 'vitest';
import { ownerOf } from './linking-data';
import {
  closeLabel,
  durationOf,
  initialLinkingTestState,
  type LinkingTestAction,
  type LinkingTestState,
  linkingTestReducer,
  nextRow,
  type OperationRow,
  outcomeOf,
  outcomeText,
  progressOf,
} from './operations';

const NOW = new Date('2026-11-20T12:00:00Z');
const TIMINGS = { linkMs: 1500, unlinkMs: 1000, batchPauseMs: 500 };

const run = (state: LinkingTestState, ...actions: LinkingTestAction[]) => actions.reduce(linkingTestReducer, state);
const idOf = (state: LinkingTestState, name: string) => state.data.characters.find((c) => c.name === name)?.id ?? '';

/** Runs every row due, one at a time, as the page's runner does. */
function runAll(state: LinkingTestState): LinkingTestState {
  let current = state;
  for (const running of current.rows.filter((r) => r.status === 'in-progress')) {
    current = run(current, { type: 'finish', rowId: running.id, now: NOW });
  }
  for (let row = nextRow(current.rows); row; row = nextRow(current.rows)) {
    current = run(current, { type: 'start', rowId: row.id }, { type: 'finish', rowId: row.id, now: NOW });
  }
  return current;
}

function batch(state: LinkingTestState, names: string[], userIndex = 7) {
  const userId = state.data.users[userIndex]?.id ?? '';
  return run(state, {
    type: 'queue',
    operations: names.map((name) => ({ kind: 'link' as const, characterId: idOf(state, name), userId })),
  });
}

const row = (state: LinkingTestState, name: string) =>
  state.rows.find((candidate) => candidate.characterName === name) as OperationRow;

describe('the progress modal rules', () => {
  it('counts finished rows and says Done only when every row is success or error', () => {
    const rows = (statuses: OperationRow['status'][]) => statuses.map((status) => ({ status }) as OperationRow);
    expect(progressOf(rows(['success', 'error', 'warning', 'pending', 'in-progress']))).toEqual({ completed: 3, total: 5 });
    expect(closeLabel(rows(['success', 'error']))).toBe('Done');
    expect(closeLabel(rows(['success', 'warning']))).toBe('Cancel');
    expect(closeLabel(rows(['success', 'pending']))).toBe('Cancel');
    expect(closeLabel(rows(['in-progress']))).toBe('Cancel');
    expect(closeLabel([])).toBe('Cancel');
  });

  it('tells failures from successes: 1 of 3 succeeded, 2 failed', () => {
    const rows = (statuses: OperationRow['status'][], undone: boolean[] = []) =>
      statuses.map((status, index) => ({ status, isUndone: undone[index] ?? false }) as OperationRow);
    expect(outcomeText(outcomeOf(rows(['success', 'error', 'error'])))).toBe('1 of 3 succeeded, 2 failed');
    expect(outcomeText(outcomeOf(rows(['success', 'success'])))).toBe('2 of 2 succeeded');
    expect(outcomeText(outcomeOf(rows(['in-progress', 'pending'])))).toBe('0 of 2 succeeded');
    expect(outcomeOf(rows(['success', 'warning', 'success', 'error', 'pending'], [false, false, true]))).toEqual({
      succeeded: 1,
      failed: 1,
      warnings: 1,
      undone: 1,
      total: 5,
    });
    expect(outcomeText(outcomeOf(rows(['success', 'warning', 'success'], [false, false, true])))).toBe(
      '1 of 3 succeeded, 1 with a warning, 1 undone',
    );
  });

  it('times a link 1.5 s and an unlink 1 s, and an undo as its reverse', () => {
    const link = { kind: 'link', direction: 'forward' } as OperationRow;
    expect(durationOf(link, TIMINGS)).toBe(1500);
    expect(durationOf({ ...link, direction: 'reverse' }, TIMINGS)).toBe(1000);
    expect(durationOf({ ...link, kind: 'unlink' }, TIMINGS)).toBe(1000);
  });
});

describe('the operation reducer', () => {
  it('runs a batch one row at a time and opens the modal', () => {
    const queued = batch(initialLinkingTestState(NOW), ['Aelindra', 'Caelthas']);
    expect(queued.isModalOpen).toBe(true);
    expect(queued.rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    const first = nextRow(queued.rows);
    const started = run(queued, { type: 'start', rowId: first?.id ?? '' });
    expect(started.rows.map((r) => r.status)).toEqual(['in-progress', 'pending']);
    expect(nextRow(started.rows)).toBeUndefined();
    const done = runAll(started);
    expect(done.rows.map((r) => r.status)).toEqual(['success', 'success']);
    expect(progressOf(done.rows)).toEqual({ completed: 2, total: 2 });
    expect(closeLabel(done.rows)).toBe('Done');
    const user = done.data.users[7];
    expect(user?.linkedCharacters.map((c) => [c.name, c.isPrimary])).toEqual([
      ['Aelindra', true],
      ['Caelthas', false],
    ]);
    expect(done.log.map((entry) => entry.action)).toEqual(['link', 'link']);
  });

  it('undoes a success, then redoes it', () => {
    const linked = runAll(batch(initialLinkingTestState(NOW), ['Aelindra']));
    const id = row(linked, 'Aelindra').id;
    const undone = runAll(run(linked, { type: 'undo', rowId: id }));
    expect(row(undone, 'Aelindra')).toMatchObject({ status: 'success', isUndone: true });
    expect(ownerOf(undone.data, idOf(undone, 'Aelindra'))).toBeUndefined();
    // Undo is offered once: a second undo of an undone row does nothing.
    expect(run(undone, { type: 'undo', rowId: id })).toBe(undone);
    const redone = runAll(run(undone, { type: 'redo', rowId: id }));
    expect(row(redone, 'Aelindra')).toMatchObject({ status: 'success', isUndone: false });
    expect(ownerOf(redone.data, idOf(redone, 'Aelindra'))?.id).toBe(redone.data.users[7]?.id);
    expect(redone.log.map((entry) => entry.action)).toEqual(['redo', 'undo', 'link']);
  });

  it('retries an error row: the flagged character fails once, then links', () => {
    const failed = runAll(batch(initialLinkingTestState(NOW), ['Glitchwing', 'Aelindra']));
    expect(failed.rows.map((r) => r.status)).toEqual(['error', 'success']);
    expect(closeLabel(failed.rows)).toBe('Done');
    expect(run(failed, { type: 'undo', rowId: row(failed, 'Glitchwing').id })).toBe(failed);
    const retried = runAll(run(failed, { type: 'retry', rowId: row(failed, 'Glitchwing').id }));
    expect(row(retried, 'Glitchwing').status).toBe('success');
    expect(retried.log[0]?.action).toBe('retry');
  });

  it('keeps the last 50 log entries, newest first', () => {
    let state = initialLinkingTestState(NOW);
    const lockheart = idOf(state, 'Lockheart');
    const userId = state.data.users[0]?.id ?? '';
    for (let i = 0; i < 30; i += 1) {
      state = runAll(
        run(state, {
          type: 'queue',
          operations: [
            { kind: 'link', characterId: lockheart, userId },
            { kind: 'link', characterId: lockheart, userId },
          ],
        }),
      );
    }
    expect(state.log).toHaveLength(50);
    expect(state.log[0]?.id).toBeGreaterThan(state.log[49]?.id ?? 0);
  });

  it('Cancel drops the rows not started; a running one still finishes', () => {
    const queued = batch(initialLinkingTestState(NOW), ['Aelindra', 'Caelthas', 'Elowen']);
    const running = run(queued, { type: 'start', rowId: queued.rows[0]?.id ?? '' });
    const closed = run(running, { type: 'close' });
    expect(closed.isModalOpen).toBe(false);
    expect(closed.rows.map((r) => r.characterName)).toEqual(['Aelindra']);
    const finished = run(closed, { type: 'finish', rowId: closed.rows[0]?.id ?? '', now: NOW });
    expect(finished.log).toHaveLength(1);
    expect(ownerOf(finished.data, idOf(finished, 'Caelthas'))).toBeUndefined();
  });

  it('Reset Data brings the sample data back and clears rows and log', () => {
    const changed = runAll(batch(initialLinkingTestState(NOW), ['Aelindra']));
    const reset = run(changed, { type: 'reset', now: NOW, sampleSet: 'latin' });
    expect(reset.data).toEqual(initialLinkingTestState(NOW).data);
    expect(reset.rows).toEqual([]);
    expect(reset.log).toEqual([]);
    expect(reset.isModalOpen).toBe(false);
  });
});
