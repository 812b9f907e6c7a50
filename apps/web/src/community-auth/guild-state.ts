import { type BotStatus, resolveGuildSelection, type UserGuild } from '@guildhall/contract';

/** GET /auth/guilds as the web needs it. */
export interface GuildListAnswer {
  guilds: UserGuild[];
  availableGuilds: UserGuild[];
  selectedGuildId: string | null;
  /** unknown while Discord cannot say where the bot is (an outage): nothing can be selected meanwhile. */
  botStatus: BotStatus;
}

/** The user's guilds and the selection after the rules of spec 1 §4. */
export interface GuildState {
  guilds: UserGuild[];
  availableGuilds: UserGuild[];
  botStatus: BotStatus;
  /** The selected available guild; null while selection is required. */
  selectedGuildId: string | null;
  requiresGuildSelection: boolean;
}

/** The guild state to show, and whether the server must be told of a selection it does not hold yet. */
export interface GuildPlan {
  state: GuildState;
  /** The guild to POST to /auth/guilds/select, when the browser restored or picked one the server lacks. */
  selectOnServer: string | null;
  /** True when the rules could not run (botStatus unknown): the remembered guild stays for next time. */
  keepStored: boolean;
}

/**
 * Applies the selection rules to the server's answer and the id this browser remembered. The server's
 * selection comes first (the user's latest choice, on any device); the remembered one restores a selection
 * the server does not hold. A remembered id that is not available is dropped and the rules pick instead.
 */
export function planGuildState(answer: GuildListAnswer, storedGuildId: string | null): GuildPlan {
  if (answer.botStatus === 'unknown') {
    const state = { ...answer, botStatus: answer.botStatus, selectedGuildId: null, requiresGuildSelection: true };
    return { state, selectOnServer: null, keepStored: true };
  }
  const preferred = answer.selectedGuildId ?? storedGuildId;
  const selection = resolveGuildSelection(
    answer.availableGuilds.map((guild) => guild.id),
    answer.guilds.map((guild) => guild.id),
    preferred,
  );
  const selectedGuildId = selection.requiresGuildSelection ? null : selection.selectedGuildId;
  return {
    state: {
      guilds: answer.guilds,
      availableGuilds: answer.availableGuilds,
      botStatus: selection.botStatus,
      selectedGuildId,
      requiresGuildSelection: selection.requiresGuildSelection,
    },
    selectOnServer: selectedGuildId !== null && selectedGuildId !== answer.selectedGuildId ? selectedGuildId : null,
    keepStored: false,
  };
}

/** The same state with a guild chosen by the user. */
export function withSelectedGuild(state: GuildState, guildId: string): GuildState {
  return { ...state, selectedGuildId: guildId, requiresGuildSelection: false };
}

/** The same state when selecting on the server failed: the user chooses by hand. */
export function withSelectionRequired(state: GuildState): GuildState {
  return { ...state, selectedGuildId: null, requiresGuildSelection: true };
}
