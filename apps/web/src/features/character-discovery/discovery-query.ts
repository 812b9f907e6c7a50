import { characterDiscoveryApi } from '@guildhall/contract';
import type { z } from 'zod';

/**
 * What the discovery screen keeps in its URL: the guild and the unlinked characters' filters as their call takes
 * them, and the member list's search (`?member=`).
 */
export const discoveryQuery = characterDiscoveryApi.unlinkedCharacters.query
  .pick({ guildId: true, search: true, class: true, role: true })
  .extend({ member: characterDiscoveryApi.members.query.shape.search });
/** The screen's state, as the URL holds it. */
export type DiscoveryParams = z.output<typeof discoveryQuery>;

/** Another guild has other characters and members: its filters start empty. */
export function switchGuild(guildId: string): DiscoveryParams {
  return { guildId, search: undefined, class: undefined, role: undefined, member: undefined };
}
