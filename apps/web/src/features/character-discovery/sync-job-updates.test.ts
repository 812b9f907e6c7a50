import type { MemberSyncJob } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { syncProgressFigures, withCompleted, withFailed, withProgress } from './sync-job-updates';

const NOW = new Date('2026-11-20T12:00:00Z');
const running: MemberSyncJob = {
  jobId: 'j1',
  guildId: 'g1',
  status: 'running',
  phase: 'fetching',
  fetched: 0,
  processed: 0,
  result: null,
  error: null,
  startedAt: '2026-11-20T11:59:00.000Z',
  finishedAt: null,
};
const progress = { guildId: 'g1', jobId: 'j1', total: null, message: '' };

describe('member sync job updates', () => {
  it('follows progress and keeps the start time', () => {
    const job = withProgress(running, { ...progress, phase: 'fetching', fetched: 1000, processed: 0 }, NOW);
    expect(job).toMatchObject({ status: 'running', fetched: 1000, startedAt: running.startedAt });
  });

  it('builds a job from a progress event of a sync started elsewhere', () => {
    const job = withProgress(undefined, { ...progress, phase: 'saving', fetched: 2500, processed: 0 }, NOW);
    expect(job).toMatchObject({ jobId: 'j1', status: 'running', phase: 'saving', startedAt: NOW.toISOString() });
  });

  it('never reopens a finished job on a late progress event', () => {
    const done = withCompleted(
      running,
      { guildId: 'g1', jobId: 'j1', message: '', result: { added: 1, updated: 2, left: 0, total: 3 } },
      NOW,
    );
    expect(done).toMatchObject({ status: 'succeeded', phase: 'done', fetched: 3, finishedAt: NOW.toISOString() });
    expect(withProgress(done, { ...progress, phase: 'saving', fetched: 3, processed: 1 }, NOW)).toBe(done);
  });

  it('records why a sync failed', () => {
    const failed = withFailed({ ...running, fetched: 1000 }, { guildId: 'g1', jobId: 'j1', error: 'Discord said no' }, NOW);
    expect(failed).toMatchObject({ status: 'failed', phase: 'failed', error: 'Discord said no', fetched: 1000 });
  });

  it('shows an open-ended bar while fetching or saving in one go, and a share when the save counts', () => {
    expect(syncProgressFigures({ ...running, fetched: 2000 })).toEqual({
      label: 'Fetching members from Discord',
      done: 2000,
      total: null,
    });
    expect(syncProgressFigures({ ...running, phase: 'saving', fetched: 2500 })).toEqual({
      label: 'Saving members',
      done: 2500,
      total: null,
    });
    expect(syncProgressFigures({ ...running, phase: 'done', fetched: 2500, processed: 2500 })).toMatchObject({
      done: 2500,
      total: 2500,
    });
    expect(syncProgressFigures({ ...running, phase: 'saving', fetched: 2500, processed: 1000 })).toEqual({
      label: 'Saving members',
      done: 1000,
      total: 2500,
    });
  });
});
