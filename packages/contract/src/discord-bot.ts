import { SIGNUP_STATUS_LABELS, type SignupStatus } from './raids';

/** The interactions endpoint Discord POSTs slash commands, buttons, selects and autocomplete to. */
export const DISCORD_INTERACTIONS_PATH = '/api/discord/interactions';

/** How far X-Signature-Timestamp may be from our clock before an interaction is refused as stale (seconds). */
export const DISCORD_SIGNATURE_MAX_AGE_S = 300;

/** Discord's window for the first answer to an interaction. */
export const DISCORD_ANSWER_WINDOW_MS = 3000;

/** The slash commands the bot registers. */
export const DISCORD_COMMAND_NAMES = ['raids', 'signup', 'roster', 'attendance', 'link', 'wishlist', 'standings'] as const;
/** A slash command of the bot. */
export type DiscordCommandName = (typeof DISCORD_COMMAND_NAMES)[number];

/** How many raids /raids lists, each with its buttons (Discord allows five rows of components). */
export const DISCORD_RAIDS_LISTED = 5;

/** The answers a raid post offers as buttons, in order. */
export const DISCORD_ANSWER_BUTTONS: readonly SignupStatus[] = ['accept', 'tentative', 'late', 'bench', 'absent'];

/** What the bot says: its answers are ephemeral unless they are a raid post. */
export const DISCORD_BOT_MESSAGES = {
  badSignature: 'invalid request signature',
  staleTimestamp: 'The interaction is too old (X-Signature-Timestamp).',
  replayed: 'This interaction was received already.',
  notConfigured: 'Discord interactions are not configured (DISCORD_PUBLIC_KEY)',
  badInteraction: 'The interaction is not one Discord sends.',
  noGuild: 'Use this command in a Discord server with Guildhall.',
  guildNotAvailable: 'This Discord server has no Guildhall guild, or Guildhall is switched off for it.',
  notAllowed: 'You do not have permission to do that in this guild.',
  unknownCommand: 'Guildhall does not know this command.',
  noRaids: 'No raids are planned.',
  raidsHeading: (count: number) => `The next ${count === 1 ? 'raid' : `${count} raids`}:`,
  answered: (status: SignupStatus, raidName: string) => `Your answer to ${raidName}: ${SIGNUP_STATUS_LABELS[status]}.`,
  lateNeedsMinutes: 'Late answers need the minutes: answer on the raid page, or with /signup status:Late.',
  chooseCharacter: 'Choose the character you answer with:',
  noCharacters: 'You have no characters in this guild yet. Use /link to link yours.',
  rosterEmpty: (raidName: string) => `Nobody is signed up for ${raidName} yet.`,
  noUpcomingRaid: 'No raid is coming up.',
  attendanceNotTracked: 'Attendance is not recorded for this guild yet.',
  linkNoCandidates: 'No unlinked character of this guild matches your Discord name.',
  linkCandidates:
    'These characters look like yours. Ask an officer to confirm them in Character Discovery, or connect Battle.net in Settings to claim them yourself:',
  signupsClosed: 'Sign-ups closed',
  cancelled: (reason: string) => `Cancelled: ${reason}`,
  reminder: (raidName: string, when: string) => `You have not answered ${raidName} (${when}) yet. Will you come?`,
  chooseItem: 'Choose the item from the list Discord offers as you type (its name or its id).',
  chooseOwnCharacter: 'You have several characters in this guild: name one with the character option.',
  wishlistHeading: (character: string) => `The wishlist of ${character}:`,
  wishlistEmpty: (character: string) => `The wishlist of ${character} is empty. Add an item with /wishlist add.`,
  wishlistAdded: (item: string, character: string, rank: number) =>
    `${item} is on the wishlist of ${character}, at rank ${rank}.`,
  wishlistAlreadyOn: (item: string, character: string) => `${item} is already on the wishlist of ${character}.`,
  wishlistRemoved: (item: string, character: string) => `${item} is off the wishlist of ${character}.`,
  wishlistNotOn: (item: string, character: string) => `${item} is not on the wishlist of ${character}.`,
  wishlistFull: (limit: number) => `A wishlist holds at most ${limit} items: remove one first.`,
  standingsHeading: (ledger: string, shown: number, total: number) =>
    `${ledger} standings${shown < total ? ` (the first ${shown} of ${total})` : ''}:`,
  standingsEmpty: (ledger: string) => `Nobody has a ${ledger} standing in this guild yet.`,
  noStandings: (system: string) =>
    system === 'Other'
      ? 'This guild shares loot its own way, without points: there are no standings to show.'
      : `This guild shares loot by ${system.toLowerCase()}, which keeps no points: there are no standings to show.`,
  failed: 'Something went wrong on our side. Try again in a moment.',
  commandsRegistered: (count: number, where: string) => `Registered ${count} commands ${where}`,
} as const;
