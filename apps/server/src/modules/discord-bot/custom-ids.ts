import { RAID_ROLES, type RaidRole, SIGNUP_STATUSES, type SignupStatus } from '@guildhall/contract';

/** A character in a role, or neither (an Absent answer without a character). */
export interface SeatChoice {
  characterId: string | null;
  role: RaidRole | null;
}

/**
 * The custom ids of the bot's buttons, selects and modals. Each names the Discord server and the raid, so a press in
 * a direct message (a reminder) finds its guild; what it names is checked again on every press, never trusted.
 */
export type RaidAction =
  /** An answer button: the answer, with the character resolved on the server. */
  | { kind: 'answer'; discordGuildId: string; raidId: string; status: SignupStatus }
  /** The character select that follows an answer button when the member has several ways to come. */
  | { kind: 'character'; discordGuildId: string; raidId: string; status: SignupStatus }
  /** The modal asking a Late answer's minutes, with the character and role already chosen. */
  | { kind: 'late'; discordGuildId: string; raidId: string; seat: SeatChoice };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SNOWFLAKE = /^\d{1,20}$/;
const NONE = '-';

// Discord allows 100 characters: uuids travel without their hyphens and roles as their first letter.
const packUuid = (uuid: string) => uuid.replaceAll('-', '');
function unpackUuid(packed: string): string | null {
  if (!/^[0-9a-f]{32}$/.test(packed)) return null;
  const uuid = `${packed.slice(0, 8)}-${packed.slice(8, 12)}-${packed.slice(12, 16)}-${packed.slice(16, 20)}-${packed.slice(20)}`;
  return UUID.test(uuid) ? uuid : null;
}
const roleOfLetter = (letter: string) => RAID_ROLES.find((role) => role[0] === letter) ?? null;

/** The custom id of an action. */
export function customIdOf(action: RaidAction): string {
  const head = `${action.kind}:${action.discordGuildId}:${packUuid(action.raidId)}`;
  if (action.kind !== 'late') return `${head}:${action.status}`;
  const { characterId, role } = action.seat;
  return `${head}:${characterId ? packUuid(characterId) : NONE}:${role ? role[0] : NONE}`;
}

const isStatus = (value: string): value is SignupStatus => (SIGNUP_STATUSES as readonly string[]).includes(value);

/** The action a custom id names, or null for anything else. */
export function parseCustomId(customId: string): RaidAction | null {
  const [kind, discordGuildId, packedRaid, ...tail] = customId.split(':');
  const raidId = unpackUuid(packedRaid ?? '');
  if (!discordGuildId || !SNOWFLAKE.test(discordGuildId) || !raidId) return null;
  if (kind === 'late' && tail.length === 2) {
    const [character, letter] = tail as [string, string];
    const characterId = character === NONE ? null : unpackUuid(character);
    const role = letter === NONE ? null : roleOfLetter(letter);
    if (characterId === null && character !== NONE) return null;
    if (role === null && letter !== NONE) return null;
    return { kind, discordGuildId, raidId, seat: { characterId, role } };
  }
  if ((kind === 'answer' || kind === 'character') && tail.length === 1 && isStatus(tail[0]!)) {
    return { kind, discordGuildId, raidId, status: tail[0] };
  }
  return null;
}
