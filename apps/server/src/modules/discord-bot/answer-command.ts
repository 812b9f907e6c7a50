import {
  DISCORD_BOT_MESSAGES,
  DISCORD_RAIDS_LISTED,
  RAID_ROLES,
  RAID_SEAT_LABELS,
  type RaidRole,
  type RaidSeats,
  SIGNUP_STATUSES,
  type SignupStatus,
} from '@guildhall/contract';
import { readRaid } from '../raids/read-raid';
import { answerRaid, namedRaid } from './answer-raid';
import { ownAttendance } from './attendance-command';
import { type BotMember, botMemberOf } from './bot-member';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, type CommandOption, ephemeral, type Interaction, optionOf } from './interaction';
import { listLinkCandidates } from './link-candidates';
import { answerButtons, discordTime, raidLine, seatedByRole } from './raid-message';
import { standingsCommand } from './standings-command';
import { upcomingRaids } from './upcoming-raids';
import { wishlistCommand } from './wishlist-command';

/** /raids: the next raids, each with its answer buttons, for the caller only. */
async function listRaids(deps: DiscordBotDeps, member: BotMember): Promise<BotReply> {
  const { raids } = await upcomingRaids(deps, member);
  const listed = raids.slice(0, DISCORD_RAIDS_LISTED);
  if (listed.length === 0) return ephemeral(DISCORD_BOT_MESSAGES.noRaids);
  const now = Date.now();
  return ephemeral(
    [DISCORD_BOT_MESSAGES.raidsHeading(listed.length), ...listed.map((raid, index) => `${index + 1}. ${raidLine(raid)}`)].join(
      '\n',
    ),
    {
      // One row of buttons per raid, in the order of the list; a raid whose sign-ups closed has none.
      components: listed
        .filter((raid) => Date.parse(raid.signupsCloseAt) > now)
        .map((raid) => {
          const row = answerButtons(member.discordGuildId, raid.id);
          row.components = row.components.map((button) =>
            'label' in button ? { ...button, label: `${button.label} #${listed.indexOf(raid) + 1}` } : button,
          );
          return row;
        }),
    },
  );
}

/** /signup raid status [character] [minutes]: the answer, on the web's rules. */
async function signUpCommand(deps: DiscordBotDeps, member: BotMember, options: CommandOption[] | undefined): Promise<BotReply> {
  const status = String(optionOf(options, 'status') ?? '');
  if (!(SIGNUP_STATUSES as readonly string[]).includes(status)) return ephemeral(DISCORD_BOT_MESSAGES.badInteraction);
  const character = optionOf(options, 'character');
  const role = String(optionOf(options, 'role') ?? '');
  const minutes = optionOf(options, 'minutes');
  return answerRaid(deps, member, {
    raidId: String(optionOf(options, 'raid') ?? ''),
    status: status as SignupStatus,
    characterId: typeof character === 'string' && character !== '' ? character : undefined,
    role: (RAID_ROLES as readonly string[]).includes(role) ? (role as RaidRole) : undefined,
    lateMinutes: typeof minutes === 'number' ? minutes : undefined,
  });
}

/** /roster [raid]: who sits in each role of a raid (the next one by default), for the channel to see. */
async function showRoster(deps: DiscordBotDeps, member: BotMember, options: CommandOption[] | undefined): Promise<BotReply> {
  const named = optionOf(options, 'raid');
  const raidId = typeof named === 'string' && named !== '' ? named : (await upcomingRaids(deps, member)).raids[0]?.id;
  if (!raidId) return ephemeral(DISCORD_BOT_MESSAGES.noUpcomingRaid);
  await namedRaid(deps, member, raidId);
  const { raid } = await readRaid(deps.raids, member, raidId);
  if (raid.signups.length === 0) return ephemeral(DISCORD_BOT_MESSAGES.rosterEmpty(raid.name));
  const seated = seatedByRole(raid.signups);
  const lines = (Object.keys(seated) as (keyof RaidSeats)[]).map(
    (seat) => `**${RAID_SEAT_LABELS[seat]} ${raid.filled[seat]}/${raid.seats[seat]}**: ${seated[seat].join(', ') || '—'}`,
  );
  return {
    kind: 'message',
    isEphemeral: false,
    message: { content: [`**${raid.name}** · ${discordTime(raid.startsAt)}`, ...lines].join('\n') },
  };
}

/** A slash command: the caller as a member of this server's guild, then the command. Commands work in servers only. */
export async function answerCommand(deps: DiscordBotDeps, interaction: Interaction): Promise<BotReply> {
  if (!interaction.guild_id) return ephemeral(DISCORD_BOT_MESSAGES.noGuild);
  const member = await botMemberOf(deps, interaction, interaction.guild_id);
  const options = interaction.data?.options;
  switch (interaction.data?.name) {
    case 'raids':
      return listRaids(deps, member);
    case 'signup':
      return signUpCommand(deps, member, options);
    case 'roster':
      return showRoster(deps, member, options);
    case 'link':
      return listLinkCandidates(deps, member, deps.publicUrl);
    case 'wishlist':
      return wishlistCommand(deps, member, options);
    case 'standings':
      return standingsCommand(deps, member);
    case 'attendance':
      return ownAttendance(deps, member);
    default:
      return ephemeral(DISCORD_BOT_MESSAGES.unknownCommand);
  }
}

/** Whether a command's answer is for the caller alone: all are, but the roster, which the channel may see. */
export const isCommandEphemeral = (interaction: Interaction) => interaction.data?.name !== 'roster';
