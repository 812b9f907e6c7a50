import type { FastifyInstance } from 'fastify';
import { discordBotDepsOf } from '../modules/discord-bot/discord-bot-deps';
import { forgetOldInteractions } from '../modules/discord-bot/forget-interactions';
import { sendDueReminders } from '../modules/discord-bot/send-reminders';
import { PeriodicJob } from './periodic-job';

/**
 * Starts the bot's upkeep when the app is ready and stops it on close (issue 33): once a minute, the raids that came
 * within their guild's posting window (a series planned weeks ahead) are posted, the reminders that fell due sent, and
 * the interaction ids past any replay window forgotten. Every process runs it: claims keep each post and reminder
 * single.
 */
export function registerDiscordBotUpkeep(app: FastifyInstance): void {
  const deps = discordBotDepsOf(app);
  const job = new PeriodicJob(app.config.discord.upkeep, async () => {
    try {
      await forgetOldInteractions(deps);
      const posted = await app.raidPosts.postEnteringWindow();
      if (posted > 0) app.log.info({ posted }, 'Discord raid posts sent for raids entering their window');
      const reminded = await sendDueReminders(deps);
      if (reminded.sent + reminded.closed > 0) app.log.info(reminded, 'Discord reminders sent');
    } catch (error) {
      app.log.warn({ err: error }, 'Discord bot upkeep failed');
    }
  });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', () => job.stop());
}
