import { CHARACTER_ROLES, type CharacterRole, WOW_CLASSES, type WowClass } from '@guildhall/contract';

/** What the discovery screen keeps in its URL: the guild, the character filters and the member search. */
export interface DiscoveryParams {
  guildId: string | null;
  search: string;
  class: WowClass | null;
  role: CharacterRole | null;
  memberSearch: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The screen's state from its URL; a value that does not fit is ignored. */
export function parseDiscoveryParams(params: URLSearchParams): DiscoveryParams {
  const guildId = params.get('guildId');
  return {
    guildId: guildId && UUID.test(guildId) ? guildId : null,
    search: params.get('search')?.trim() ?? '',
    class: oneOf(WOW_CLASSES, params.get('class')),
    role: oneOf(CHARACTER_ROLES, params.get('role')),
    memberSearch: params.get('member')?.trim() ?? '',
  };
}

/** The URL search of a screen state; empty filters are left out. */
export function discoverySearchParams(state: DiscoveryParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.guildId) params.set('guildId', state.guildId);
  if (state.search) params.set('search', state.search);
  if (state.class) params.set('class', state.class);
  if (state.role) params.set('role', state.role);
  if (state.memberSearch) params.set('member', state.memberSearch);
  return params;
}

/** Another guild has other characters and members: its filters start empty. */
export function switchGuild(guildId: string): DiscoveryParams {
  return { guildId, search: '', class: null, role: null, memberSearch: '' };
}
