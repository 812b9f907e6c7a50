import type { BotStatus } from './api/community-auth';

/** The outcome of the guild selection rules for one user. */
export interface GuildSelection {
  botStatus: BotStatus;
  /** The guild to select; with botStatus none, the first guild overall (for the install flow) or null. */
  selectedGuildId: string | null;
  /** True until an available guild (one with the bot) is selected: permissions stay empty meanwhile. */
  requiresGuildSelection: boolean;
}

/**
 * The guild selection rules of spec 1 §4, shared by server and web. None available: botStatus none and the
 * first guild overall is picked for the install flow. One: single, and it is selected. Several: multiple; a
 * stored selection among them is kept, a stored one that is not is replaced by the first available, and with
 * none stored the user must choose.
 */
export function resolveGuildSelection(
  availableIds: readonly string[],
  allIds: readonly string[],
  storedId: string | null,
): GuildSelection {
  const isAvailable = (id: string | null): id is string => id !== null && availableIds.includes(id);
  let botStatus: BotStatus;
  let selectedGuildId: string | null;
  if (availableIds.length === 0) {
    botStatus = 'none';
    selectedGuildId = allIds[0] ?? null;
  } else if (availableIds.length === 1) {
    botStatus = 'single';
    selectedGuildId = availableIds[0]!;
  } else {
    botStatus = 'multiple';
    selectedGuildId = isAvailable(storedId) ? storedId : storedId === null ? null : availableIds[0]!;
  }
  return { botStatus, selectedGuildId, requiresGuildSelection: !isAvailable(selectedGuildId) };
}
