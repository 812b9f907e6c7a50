import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { z } from 'zod';
import { type CommandScope, commandScopeOf, loadConfig } from './config';
import { createAdmin } from './modules/admin-users/create-admin';
import { registerCommands } from './modules/discord-bot/register-commands';
import { grantGuildAccess } from './modules/guild-permissions/grant-guild-access';
import { connectDatabase } from './services/db/connect';
import type { Db } from './services/db/db';
import { migrate } from './services/db/migrate';
import { createDiscordRest } from './services/discord/discord-rest';

const USAGE = `Usage: node apps/server/dist/cli.js <command> [options]

Commands:
  create-admin --username U --password P --role R [--permissions a,b] [--full-name "Name"]
      Creates the admin, or updates the one with that username (role, permissions, new password; unlocks it
      and ends its sessions). Uses the server's settings (DATABASE_URL or GUILDHALL_DATA_DIR) and applies
      migrations first. With the embedded database, stop the server first: one process owns its folder.
  grant-guild-access --email E --guild "Guild name or id" [--permissions guild.view,characters.link]
      Grants a community user permissions in a guild tenant (default: the member set). This is how an
      e-mail account without Discord reaches a guild.
  register-commands [--global | --guilds ID,ID]
      Registers the bot's slash commands with Discord (DISCORD_BOT_TOKEN and DISCORD_APPLICATION_ID or
      DISCORD_CLIENT_ID): globally, or in the given servers, where they appear at once. Without an option,
      where DISCORD_COMMANDS says (default: globally).
`;

async function runCreateAdmin(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      permissions: { type: 'string' },
      'full-name': { type: 'string' },
    },
    strict: true,
  });
  const admin = await withDatabase((db) =>
    createAdmin(
      db,
      {
        username: values.username ?? '',
        password: values.password ?? '',
        role: values.role as never,
        permissions: (values.permissions ?? '')
          .split(',')
          .map((permission) => permission.trim())
          .filter(Boolean) as never,
        fullName: values['full-name'],
      },
      { type: 'cli' },
    ),
  );
  console.log(
    `${admin.isNew ? 'created' : 'updated'} admin "${admin.username}" (role ${admin.role}${
      admin.permissions.length ? `, permissions ${admin.permissions.join(', ')}` : ''
    })`,
  );
}

/** Runs one command against the database with the server's settings, migrations applied first. */
async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const db = await connectDatabase(config, log);
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}

async function runGrantGuildAccess(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, guild: { type: 'string' }, permissions: { type: 'string' } },
    strict: true,
  });
  const permissions = values.permissions
    ?.split(',')
    .map((permission) => permission.trim())
    .filter(Boolean);
  const grant = await withDatabase((db) =>
    grantGuildAccess(
      db,
      { email: values.email ?? '', guild: values.guild ?? '', permissions: permissions as never },
      { type: 'cli' },
    ),
  );
  console.log(`granted ${grant.permissions.join(', ')} in "${grant.guildName}" to ${values.email}`);
}

async function runRegisterCommands(args: string[]) {
  const { values } = parseArgs({ args, options: { global: { type: 'boolean' }, guilds: { type: 'string' } }, strict: true });
  const config = loadConfig();
  const scope: CommandScope = values.guilds
    ? commandScopeOf(values.guilds)
    : values.global
      ? { kind: 'global' }
      : (config.discord.commandScope ?? { kind: 'global' });
  const rest = createDiscordRest(config.discord, pino({ level: 'warn' }));
  try {
    if (!rest.hasBotToken) throw new Error('Set DISCORD_BOT_TOKEN to register the commands');
    for (const line of await registerCommands(rest, scope!)) console.log(line);
  } finally {
    rest.close();
  }
}

async function main(argv: string[]) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const [command, ...rest] = argv;
  if (command === 'create-admin') return runCreateAdmin(rest);
  if (command === 'grant-guild-access') return runGrantGuildAccess(rest);
  if (command === 'register-commands') return runRegisterCommands(rest);
  console.log(USAGE);
  if (command && command !== 'help' && command !== '--help') process.exitCode = 1;
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof z.ZodError) {
    for (const issue of error.issues) console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exitCode = 1;
}
