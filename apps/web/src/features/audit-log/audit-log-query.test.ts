import { describe, expect, it } from 'vitest';
import { parseUrlQuery, urlQuerySearch } from '../../ui/use-url-query';
import { auditLogQuery, auditLogUrlQuery, hasAuditFilters, rangeError } from './audit-log-query';

const parseAuditLogParams = (params: URLSearchParams) => parseUrlQuery(auditLogUrlQuery, params);

describe('the Audit Log screen URL', () => {
  it('reads a plain address as the first page with no filters, and writes it back plain', () => {
    const state = parseAuditLogParams(new URLSearchParams());
    expect(state).toEqual({ page: 1, limit: 50 });
    expect(urlQuerySearch(auditLogUrlQuery, state).toString()).toBe('');
    expect(hasAuditFilters(state)).toBe(false);
    expect(auditLogQuery(state)).toMatchObject({ page: 1, limit: 50 });
  });

  it('round-trips the actor, action, target type, range, page and page size', () => {
    const search =
      'actor=admin&action=admin.created&targetType=admin_user&from=2026-03-14T09%3A30&to=2026-03-15T10%3A00&page=3&limit=100';
    const state = parseAuditLogParams(new URLSearchParams(search));
    expect(state).toEqual({
      actor: 'admin',
      action: 'admin.created',
      targetType: 'admin_user',
      from: '2026-03-14T09:30',
      to: '2026-03-15T10:00',
      page: 3,
      limit: 100,
    });
    expect(parseAuditLogParams(urlQuerySearch(auditLogUrlQuery, state))).toEqual(state);
    expect(hasAuditFilters(state)).toBe(true);
  });

  it('keeps an action of the catalog or a subject followed by ".", and nothing else', () => {
    expect(parseAuditLogParams(new URLSearchParams('action=guild.'))).toEqual({ action: 'guild.', page: 1, limit: 50 });
    expect(parseAuditLogParams(new URLSearchParams('action=guild.made'))).toEqual({ page: 1, limit: 50 });
    expect(parseAuditLogParams(new URLSearchParams('action=admin.login'))).toEqual({ page: 1, limit: 50 });
  });

  it("keeps one target's id (a player account's history links here) and sends it as a filter", () => {
    const search = 'targetType=player_account&targetId=6c1f0a3e-0b5d-4a53-9f57-2d1c3b4a5e6f';
    const state = parseAuditLogParams(new URLSearchParams(search));
    expect(state).toMatchObject({ targetType: 'player_account', targetId: '6c1f0a3e-0b5d-4a53-9f57-2d1c3b4a5e6f' });
    expect(urlQuerySearch(auditLogUrlQuery, state).toString()).toBe(search);
    expect(auditLogQuery(state)).toMatchObject({ targetId: '6c1f0a3e-0b5d-4a53-9f57-2d1c3b4a5e6f' });
    expect(hasAuditFilters({ targetId: 'x', page: 1, limit: 50 })).toBe(true);
  });

  it('sends the times as instants of the browser zone', () => {
    const query = auditLogQuery({ from: '2026-03-14T09:30', page: 1, limit: 50 });
    expect(query.from).toBe(new Date(2026, 2, 14, 9, 30).toISOString());
    expect(query.to).toBeUndefined();
  });

  it('ignores values that do not fit, and says when the range is backwards', () => {
    expect(parseAuditLogParams(new URLSearchParams('from=yesterday&to=2026-13-45T99:99&page=-2&actor=%20'))).toEqual({
      page: 1,
      limit: 50,
    });
    expect(rangeError({ from: '2026-03-15T10:00', to: '2026-03-14T10:00', page: 1, limit: 50 })).toBe(
      'The start of the range must be before its end',
    );
    expect(rangeError({ from: '2026-03-14T10:00', to: '2026-03-15T10:00', page: 1, limit: 50 })).toBeNull();
  });
});
