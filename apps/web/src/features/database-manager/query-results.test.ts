import { describe, expect, it } from 'vitest';
import { cellText } from './cell-value';
import { exportFailedText } from './error-banner';
import { describeNode, planRoot } from './explain-tree';
import { resultNote } from './query-runner-tab';

describe('the query runner', () => {
  it('says how many rows are shown of how many the statement produced', () => {
    const rows = Array.from({ length: 100 }, () => ({}));
    expect(resultNote({ rows, rowCount: 1000, hasMore: false })).toBe('Showing the first 100 of 1,000 rows');
    expect(resultNote({ rows, rowCount: 5000, hasMore: true })).toBe('Showing the first 100 of more than 5,000 rows');
    expect(resultNote({ rows: [{}], rowCount: 1, hasMore: false })).toBe('1 row');
  });

  it('reads the plan of EXPLAIN (FORMAT JSON) as a tree', () => {
    const plan = [
      {
        Plan: {
          'Node Type': 'Seq Scan',
          'Relation Name': 'guilds',
          Schema: 'public',
          'Startup Cost': 0,
          'Total Cost': 1.5,
          'Plan Rows': 50,
        },
      },
    ];
    const root = planRoot(plan);
    expect(root && describeNode(root)).toEqual({ title: 'Seq Scan on public.guilds', detail: 'cost 0..1.5 · rows 50' });
    expect(planRoot('nonsense')).toBeNull();
  });

  it('renders values as text: NULL, bytea as hex, json pretty', () => {
    expect(cellText(null)).toBe('NULL');
    expect(cellText({ hex: 'deadbeef', length: 4 }, 'bytea')).toBe('\\xdeadbeef');
    expect(cellText({ a: 1 }, 'jsonb')).toBe('{\n  "a": 1\n}');
  });

  it("says 'Failed to export data' once", () => {
    expect(exportFailedText('Table not found: public.x')).toBe('Failed to export data: Table not found: public.x');
    expect(exportFailedText('Failed to export data: disk full')).toBe('Failed to export data: disk full');
  });
});
