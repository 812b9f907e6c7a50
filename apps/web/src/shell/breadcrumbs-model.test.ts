import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs, segmentLabel } from './breadcrumbs-model';

describe('breadcrumbs', () => {
  it('turns dashes into spaces and capitalises each word', () => {
    expect(segmentLabel('training-data')).toBe('Training Data');
    expect(segmentLabel('ai-turns')).toBe('Ai Turns');
  });

  it('shortens a record id instead of capitalising it', () => {
    expect(segmentLabel('0b8f4c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('0b8f4c1e…');
  });

  it('builds one crumb per segment with its path', () => {
    expect(buildBreadcrumbs('/admin/monitoring/system')).toEqual([
      { label: 'Admin', path: '/admin' },
      { label: 'Monitoring', path: '/admin/monitoring' },
      { label: 'System', path: '/admin/monitoring/system' },
    ]);
    expect(buildBreadcrumbs('/admin/')).toEqual([{ label: 'Admin', path: '/admin' }]);
  });

  it('shows the name a page gave a record path instead of its id', () => {
    const id = '0b8f4c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b';
    const names = new Map([[`/admin/guilds/${id}`, 'Storm Vanguard']]);
    expect(buildBreadcrumbs(`/admin/guilds/${id}/data`, names)).toEqual([
      { label: 'Admin', path: '/admin' },
      { label: 'Guilds', path: '/admin/guilds' },
      { label: 'Storm Vanguard', path: `/admin/guilds/${id}` },
      { label: 'Data', path: `/admin/guilds/${id}/data` },
    ]);
    expect(buildBreadcrumbs(`/admin/guilds/${id}/data`)[2]!.label).toBe('0b8f4c1e…');
  });
});
