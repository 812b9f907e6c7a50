import { z } from 'zod';
import { endpoint } from './common';

const ok = z.literal(true);

/** How a member wants to be reminded of raids they have not answered: each channel on unless turned off. */
export const raidReminderChoices = z.object({
  byEmail: z.boolean().describe('Reminders by e-mail (to a verified address)'),
  byDiscord: z.boolean().describe('Reminders by Discord direct message'),
});
/** A member's reminder choices. */
export type RaidReminderChoices = z.infer<typeof raidReminderChoices>;

/** One reminder sent for a raid, and whether its member answered since: what officers follow up on. */
export const raidReminderSent = z.object({
  userId: z.string(),
  name: z.string(),
  channel: z.enum(['email', 'discord']),
  reminder: z.string().describe("Which of the guild's reminder times ('24h' before sign-ups close)"),
  sentAt: z.string(),
  answeredAt: z.string().nullable().describe('When they answered after the reminder; null: not since'),
});
/** A reminder sent. */
export type RaidReminderSent = z.infer<typeof raidReminderSent>;

/** What the reminder choices say when saved. */
export const RAID_REMINDER_MESSAGES = { saved: 'Your reminder choices are saved' } as const;

/** The caller's own raid reminder choices (they hold for every guild). */
export const raidRemindersApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/guild/raid-reminders',
    summary: "The caller's raid reminder choices",
    response: z.object({ success: ok, choices: raidReminderChoices }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/guild/raid-reminders',
    summary: 'Turn raid reminders by e-mail or by Discord on or off',
    body: raidReminderChoices,
    response: z.object({ success: ok, message: z.string(), choices: raidReminderChoices }),
  }),
  sent: endpoint({
    method: 'GET',
    path: '/api/guild/raids/:raidId/reminders',
    summary: 'Who was reminded of a raid, how and when, and who answered since (raids.manage)',
    params: z.object({ raidId: z.uuid() }),
    response: z.object({ success: ok, reminders: z.array(raidReminderSent) }),
  }),
} as const;
