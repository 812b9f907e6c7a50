import {
  DISCORD_ANSWER_BUTTONS,
  DISCORD_BOT_MESSAGES,
  RAID_SEAT_LABELS,
  type RaidSeats,
  type RaidSignup,
  type RaidSummary,
  ROLE_SEAT,
  SEATED_STATUSES,
  SIGNUP_STATUS_LABELS,
  type SignupStatus,
} from '@guildhall/contract';
import { type APIActionRowComponent, type APIButtonComponent, ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { DiscordMessageBody } from '../../services/discord/discord-rest';
import { customIdOf } from './custom-ids';

const BUTTON_STYLE: Readonly<
  Record<SignupStatus, ButtonStyle.Success | ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Danger>
> = {
  accept: ButtonStyle.Success,
  tentative: ButtonStyle.Primary,
  late: ButtonStyle.Primary,
  bench: ButtonStyle.Secondary,
  absent: ButtonStyle.Danger,
};

/** Discord shows <t:…> in each reader's own time zone and language. */
export const discordTime = (iso: string, style: 'F' | 'R' | 'f' = 'F') => `<t:${Math.floor(Date.parse(iso) / 1000)}:${style}>`;

/** The row of answer buttons of one raid. */
export function answerButtons(discordGuildId: string, raidId: string): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: DISCORD_ANSWER_BUTTONS.map((status) => ({
      type: ComponentType.Button,
      style: BUTTON_STYLE[status],
      label: SIGNUP_STATUS_LABELS[status],
      custom_id: customIdOf({ kind: 'answer', discordGuildId, raidId, status }),
    })),
  };
}

/** Whether a raid still takes answers at `now`. */
export const isRaidOpen = (raid: RaidSummary, now: number) => !raid.cancelledAt && Date.parse(raid.signupsCloseAt) > now;

/** One raid in a line: name, instance and difficulty, when, and how many come. */
export function raidLine(raid: RaidSummary): string {
  const coming = raid.answers.accept + raid.answers.late;
  return `**${raid.name}** · ${raid.instance} ${raid.difficulty} · ${discordTime(raid.startsAt)} (${discordTime(raid.startsAt, 'R')}) · ${coming}/${raid.size}`;
}

/** Who takes each role's seats (Accept and Late), by role in seat order. */
export function seatedByRole(signups: readonly RaidSignup[]): Record<keyof RaidSeats, string[]> {
  const seated: Record<keyof RaidSeats, string[]> = { tanks: [], healers: [], melee: [], ranged: [] };
  for (const signup of signups) {
    if (!SEATED_STATUSES.includes(signup.status) || !signup.role) continue;
    const name = signup.character?.name ?? signup.name;
    seated[ROLE_SEAT[signup.role]].push(signup.status === 'late' ? `${name} (late)` : name);
  }
  return seated;
}

/** The answers that take no seat, as a line: "Tentative 2 · Bench 1 · Absent 3". */
const otherAnswers = (raid: RaidSummary) =>
  (['tentative', 'bench', 'absent'] as const)
    .map((status) => `${SIGNUP_STATUS_LABELS[status]} ${raid.answers[status] ?? 0}`)
    .join(' · ');

/**
 * A raid post: what, when, who leads, who sits in each role and how the others answered, with the answer buttons
 * while sign-ups are open. Closed, it says so and keeps no buttons; cancelled, it gives the reason.
 */
export function raidPost(
  raid: RaidSummary,
  signups: readonly RaidSignup[],
  discordGuildId: string,
  now: number,
): DiscordMessageBody {
  const seated = seatedByRole(signups);
  const state = raid.cancelledAt
    ? DISCORD_BOT_MESSAGES.cancelled(raid.cancelReason ?? '')
    : Date.parse(raid.signupsCloseAt) <= now
      ? DISCORD_BOT_MESSAGES.signupsClosed
      : `Sign-ups close ${discordTime(raid.signupsCloseAt, 'R')}`;
  return {
    embeds: [
      {
        title: raid.cancelledAt ? `~~${raid.name}~~` : raid.name,
        description: [
          `${raid.instance} · ${raid.difficulty} · ${raid.size} seats`,
          `${discordTime(raid.startsAt)} (${discordTime(raid.startsAt, 'R')})`,
          raid.leader ? `Leader: ${raid.leader.name}` : null,
          raid.notes || null,
        ]
          .filter(Boolean)
          .join('\n'),
        fields: (Object.keys(seated) as (keyof RaidSeats)[]).map((seat) => ({
          name: `${RAID_SEAT_LABELS[seat]} ${raid.filled[seat]}/${raid.seats[seat]}`,
          value: seated[seat].join(', ').slice(0, 1024) || '—',
          inline: true,
        })),
        footer: { text: otherAnswers(raid) },
        timestamp: raid.startsAt,
      },
    ],
    content: state,
    components: isRaidOpen(raid, now) ? [answerButtons(discordGuildId, raid.id)] : [],
  };
}
