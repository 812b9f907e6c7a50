import { describe, expect, it } from 'vitest';
import { columnKind, columnWidth } from './column-widths';

describe('the width a result column starts at', () => {
  it('reads both names PostgreSQL gives a type', () => {
    expect(columnKind('timestamp with time zone')).toBe('timestamp');
    expect(columnKind('timestamptz')).toBe('timestamp');
    expect(columnKind('integer')).toBe('integer');
    expect(columnKind('int8')).toBe('integer');
    expect(columnKind('numeric(10,2)')).toBe('decimal');
    expect(columnKind('character varying(8)')).toBe('shortText');
    expect(columnKind('character varying(255)')).toBe('text');
    expect(columnKind('varchar')).toBe('text');
    expect(columnKind('integer[]')).toBe('array');
    expect(columnKind('_int4')).toBe('array');
    expect(columnKind('jsonb')).toBe('json');
    expect(columnKind('time without time zone')).toBe('time');
    expect(columnKind('tsvector')).toBe('other');
  });

  it('holds a uuid whole and keeps numbers narrow', () => {
    expect(columnWidth({ name: 'id', type: 'uuid' })).toBe(310);
    expect(columnWidth({ name: 'id', type: 'integer' })).toBeLessThan(columnWidth({ name: 'label', type: 'text' }));
  });

  it('widens a column so its name is not cut, up to a text column', () => {
    expect(columnWidth({ name: 'is_active', type: 'boolean' })).toBeGreaterThan(90);
    expect(columnWidth({ name: 'x'.repeat(80), type: 'boolean' })).toBe(260);
  });
});
