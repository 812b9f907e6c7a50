import {
  DISCORD_BOT_MESSAGES,
  type OwnCharacter,
  RAID_MESSAGES,
  RAID_ROLE_LABELS,
  type RaidRole,
  type RaidSummary,
  SIGNUP_STATUS_LABELS,
  type SignupStatus,
  signupBody,
} from '@guildhall/contract';
import { ComponentType, TextInputStyle } from 'discord-api-types/v10';
import { z } from 'zod';
import { AppError } from '../../core/app-error';
import { listOwnCharacters } from '../raids/list-own-characters';
import { raidSummary } from '../raids/read-raid';
import { signUp } from '../raids/sign-up';
import type { BotMember } from './bot-member';
import { customIdOf, type SeatChoice } from './custom-ids';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, ephemeral } from './interaction';

/** An answer as a button, a select, a modal or /signup gives it; what is undefined is the server's to choose or ask. */
export interface RaidAnswer {
  raidId: string;
  status: SignupStatus;
  characterId?: string | null;
  role?: RaidRole;
  lateMinutes?: number;
}

const raidId = z.uuid();

/** A raid of the member's guild by the id an option or a custom id gave: anything but a raid's id is not found. */
export async function namedRaid(deps: DiscordBotDeps, member: BotMember, id: string): Promise<RaidSummary> {
  if (!raidId.safeParse(id).success) throw AppError.notFound(RAID_MESSAGES.notFound);
  return raidSummary(deps.db, member, id);
}

/** The raid, refused at once when it cannot be answered (the sign-up itself checks again, under its lock). */
async function openRaidOf(deps: DiscordBotDeps, member: BotMember, id: string): Promise<RaidSummary> {
  const raid = await namedRaid(deps, member, id);
  if (raid.cancelledAt) throw new AppError('CONFLICT', RAID_MESSAGES.raidCancelled(raid.cancelReason ?? ''));
  if (new Date(raid.signupsCloseAt).getTime() <= Date.now()) throw new AppError('CONFLICT', RAID_MESSAGES.deadlinePassed);
  return raid;
}

/** A character in a role: tanks and healers play theirs; a damage dealer comes as melee or as ranged. */
interface Seat {
  characterId: string;
  role: RaidRole;
  label: string;
}

function seatsOf(characters: readonly OwnCharacter[]): Seat[] {
  return characters.flatMap((character) => {
    const name = `${character.name}-${character.realm}`;
    const roles: RaidRole[] = character.role === 'tank' || character.role === 'healer' ? [character.role] : ['melee', 'ranged'];
    return roles.map((role) => ({ characterId: character.id, role, label: `${name} (${RAID_ROLE_LABELS[role]})` }));
  });
}

/** A select value: the character and the role it comes in. */
export const seatValue = (seat: { characterId: string; role: RaidRole }) => `${seat.characterId}:${seat.role}`;

/** The select of the member's characters in their roles, for an answer that needs one. */
function seatSelect(member: BotMember, raid: RaidSummary, status: SignupStatus, seats: readonly Seat[]): BotReply {
  return ephemeral(`${DISCORD_BOT_MESSAGES.chooseCharacter} ${raid.name} (${SIGNUP_STATUS_LABELS[status]})`, {
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: customIdOf({ kind: 'character', discordGuildId: member.discordGuildId, raidId: raid.id, status }),
            placeholder: 'Character',
            options: seats.slice(0, 25).map((seat) => ({ label: seat.label.slice(0, 100), value: seatValue(seat) })),
          },
        ],
      },
    ],
  });
}

/**
 * The character and role to answer with, or the select that asks: what the answer names, else what the member
 * answered before, else their only way to come.
 */
async function seatFor(
  deps: DiscordBotDeps,
  member: BotMember,
  raid: RaidSummary,
  answer: RaidAnswer,
): Promise<SeatChoice | BotReply> {
  const kept = raid.myAnswer?.character ? { characterId: raid.myAnswer.character.id, role: raid.myAnswer.role } : null;
  if (answer.status === 'absent') {
    return { characterId: answer.characterId ?? kept?.characterId ?? null, role: answer.role ?? null };
  }
  if (answer.characterId && answer.role) return { characterId: answer.characterId, role: answer.role };
  const characters = await listOwnCharacters(deps.db, member);
  if (answer.characterId) {
    const seats = seatsOf(characters.filter((character) => character.id === answer.characterId));
    // Not theirs: the sign-up refuses it with the web's message.
    if (seats.length === 0) return { characterId: answer.characterId, role: null };
    return seats.length === 1 ? seats[0]! : seatSelect(member, raid, answer.status, seats);
  }
  if (kept?.role && characters.some((character) => character.id === kept.characterId)) return kept;
  const seats = seatsOf(characters);
  if (seats.length === 0) return ephemeral(DISCORD_BOT_MESSAGES.noCharacters);
  return seats.length === 1 ? seats[0]! : seatSelect(member, raid, answer.status, seats);
}

/** The modal asking how late, for a Late answer without its minutes. */
function lateModal(member: BotMember, raid: RaidSummary, seat: SeatChoice): BotReply {
  return {
    kind: 'modal',
    modal: {
      custom_id: customIdOf({ kind: 'late', discordGuildId: member.discordGuildId, raidId: raid.id, seat }),
      title: `Late for ${raid.name}`.slice(0, 45),
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.TextInput,
              custom_id: 'minutes',
              label: 'How many minutes late?',
              style: TextInputStyle.Short,
              min_length: 1,
              max_length: 3,
              required: true,
            },
          ],
        },
      ],
    },
  };
}

/**
 * Answers a raid for the member through the raids module's own sign-up, with the web's rules (deadline, cancellation,
 * own characters only). What is missing is asked for: the character (kept from an earlier answer, the only one, or
 * chosen in a select) and a Late answer's minutes (a modal).
 */
export async function answerRaid(deps: DiscordBotDeps, member: BotMember, answer: RaidAnswer): Promise<BotReply> {
  const raid = await openRaidOf(deps, member, answer.raidId);
  const seat = await seatFor(deps, member, raid, answer);
  if ('kind' in seat) return seat;
  if (answer.status === 'late' && answer.lateMinutes === undefined) return lateModal(member, raid, seat);
  const parsed = signupBody.safeParse({
    status: answer.status,
    characterId: seat.characterId,
    role: seat.role,
    ...(answer.status === 'late' ? { lateMinutes: answer.lateMinutes } : {}),
  });
  if (!parsed.success) return ephemeral(parsed.error.issues[0]?.message ?? RAID_MESSAGES.lateMinutes);
  const { raid: answered } = await signUp(deps.raids, member, answer.raidId, parsed.data);
  return ephemeral(DISCORD_BOT_MESSAGES.answered(answer.status, answered.name));
}
