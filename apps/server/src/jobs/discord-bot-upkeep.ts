import type { FastifyInstance } from 'fastify';
import { discordBotDepsOf } from '../modules/discord-bot/discord-bot-deps';
import { forgetOldInteractions } from '../modules/discord-bot/forget-interactions';
import { sendDueReminders } from '../modules/discord-bot/send-reminders';
import { PeriodicJob } from './periodic-job';

/** Once a minute: reminders that fell due, and interaction ids past any replay window. */
const UPKEEP_TIMES = { firstRunDelayMs: 20_000, intervalMs: 60_000 };

/** Starts the bot's upkeep when the app is ready and stops it on close (issue 33). */
export function registerDiscordBotUpkeep(app: FastifyInstance): void {
  const deps = discordBotDepsOf(app);
  const job = new PeriodicJob(UPKEEP_TIMES, async () => {
    try {
      await forgetOldInteractions(deps);
      const reminded = await sendDueReminders(deps);
      if (reminded.sent + reminded.closed > 0) app.log.info(reminded, 'Discord reminders sent');
    } catch (error) {
      app.log.warn({ err: error }, 'Discord bot upkeep failed');
    }
  });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
}
