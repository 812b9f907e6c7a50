import type { FastifyInstance } from 'fastify';
import { discordBotDepsOf } from './discord-bot-deps';
import { RaidPosts } from './raid-posts';
import { registerCommands } from './register-commands';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bot's raid posts (issue 33): followed from the bus while the app runs. */
    raidPosts: RaidPosts;
  }
}

/**
 * Starts what the bot does on its own while the app runs: the raid posts follow the bus, and the slash commands are
 * registered once the app is ready when DISCORD_COMMANDS says where (a failure is logged; the CLI can try again).
 */
export function startDiscordBot(app: FastifyInstance): void {
  const deps = discordBotDepsOf(app);
  const posts = new RaidPosts(deps);
  app.decorate('raidPosts', posts);
  posts.start();
  app.addHook('onClose', () => posts.stop());
  const scope = deps.settings.commandScope;
  if (!scope || !deps.rest.hasBotToken) return;
  app.addHook('onReady', async () => {
    void registerCommands(deps.rest, scope).then(
      (said) => app.log.info({ said }, 'Discord commands registered'),
      (error: unknown) => app.log.error({ err: error }, 'Discord commands could not be registered'),
    );
  });
}
