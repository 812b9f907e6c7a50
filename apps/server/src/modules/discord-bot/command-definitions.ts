import {
  type DiscordCommandName,
  LOOT_LIMITS,
  RAID_ROLE_LABELS,
  RAID_ROLES,
  SIGNUP_STATUS_LABELS,
  SIGNUP_STATUSES,
} from '@guildhall/contract';
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionContextType,
  type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

const inServers = { type: ApplicationCommandType.ChatInput as const, contexts: [InteractionContextType.Guild] };
const raidOption = (required: boolean) =>
  ({
    type: ApplicationCommandOptionType.String,
    name: 'raid',
    description: 'The raid (start typing its name)',
    required,
    autocomplete: true,
  }) as const;

const itemOption = (description: string) =>
  ({ type: ApplicationCommandOptionType.String, name: 'item', description, required: true, autocomplete: true }) as const;
const characterOption = {
  type: ApplicationCommandOptionType.String,
  name: 'character',
  description: 'Which of your characters (default: your only one)',
  autocomplete: true,
} as const;
const noteOption = {
  type: ApplicationCommandOptionType.String,
  name: 'note',
  description: 'A note for the officers (BiS, upgrade…)',
  max_length: LOOT_LIMITS.noteLength,
} as const;

/** The slash commands as Discord registers them: PUT replaces the whole set, so this list is the truth. */
export const COMMAND_DEFINITIONS = [
  { ...inServers, name: 'raids', description: 'The next raids of this server’s guild, with sign-up buttons' },
  {
    ...inServers,
    name: 'signup',
    description: 'Answer a raid with one of your characters',
    options: [
      raidOption(true),
      {
        type: ApplicationCommandOptionType.String,
        name: 'status',
        description: 'Your answer',
        required: true,
        choices: SIGNUP_STATUSES.map((status) => ({ name: SIGNUP_STATUS_LABELS[status], value: status })),
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'character',
        description: 'The character you come with (default: the one you answered with before, or your only one)',
        autocomplete: true,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'role',
        description: 'The role you play (default: your character’s, or the one you answered with before)',
        choices: RAID_ROLES.map((role) => ({ name: RAID_ROLE_LABELS[role], value: role })),
      },
      {
        type: ApplicationCommandOptionType.Integer,
        name: 'minutes',
        description: 'For Late: how many minutes late',
        min_value: 1,
        max_value: 600,
      },
    ],
  },
  { ...inServers, name: 'roster', description: 'Who is signed up for a raid, by role', options: [raidOption(false)] },
  { ...inServers, name: 'link', description: 'The characters of this guild that look like yours, and how to link them' },
  {
    ...inServers,
    name: 'wishlist',
    description: 'Your wishlist of items in this guild',
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'add',
        description: 'Put an item on your wishlist',
        options: [itemOption('The item (start typing its name)'), characterOption, noteOption],
      },
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: 'remove',
        description: 'Take an item off your wishlist',
        options: [itemOption('The item on your wishlist'), characterOption],
      },
      { type: ApplicationCommandOptionType.Subcommand, name: 'show', description: 'Your wishlist', options: [characterOption] },
    ],
  },
  { ...inServers, name: 'standings', description: 'The guild’s loot standings (DKP or EPGP)' },
  { ...inServers, name: 'attendance', description: 'Your attendance rate against the guild’s rule' },
] satisfies RESTPutAPIApplicationCommandsJSONBody & { name: DiscordCommandName }[];
