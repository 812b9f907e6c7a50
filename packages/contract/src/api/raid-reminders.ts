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
} as const;
