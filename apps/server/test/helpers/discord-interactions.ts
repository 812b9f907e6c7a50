import { type CharacterRole, DISCORD_INTERACTIONS_PATH, type RaidSummary } from '@guildhall/contract';
import { ComponentType, InteractionType } from 'discord-api-types/v10';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DeliveredInteraction } from '../fakes/discord-bot-api-fake';
import type { DiscordFake, FakeDiscordUser } from '../fakes/discord-fake';
import { sql } from './factories';
import type { HttpClient } from './http-client';
import { insertCharacter, insertMember } from './linking-factories';

/** Where a test interaction happens: a server (with the member's permission bits and roles) or a direct message. */
export type InteractionPlace = { guildId: string; permissions?: string; roles?: string[] } | { dm: true };

/** The envelope every interaction shares, as Discord sends it (a fresh id and token each time). */
function envelope(fake: DiscordFake, type: InteractionType, user: FakeDiscordUser, place: InteractionPlace, data?: unknown) {
  const who = { id: user.id, username: user.username, global_name: user.global_name, avatar: user.avatar, discriminator: '0' };
  const base = {
    id: fake.botApi.snowflake(),
    application_id: fake.clientId,
    type,
    token: fake.botApi.newToken(),
    version: 1,
    locale: 'en-GB',
    app_permissions: '2147568704',
    entitlements: [],
    authorizing_integration_owners: { '0': '0' },
    ...(data === undefined ? {} : { data }),
  };
  if ('dm' in place) return { ...base, channel_id: '700000000000000001', context: 2, user: who };
  return {
    ...base,
    guild_id: place.guildId,
    guild: { id: place.guildId, locale: 'en-US', features: [] },
    channel_id: '700000000000000002',
    context: 0,
    member: {
      user: who,
      roles: place.roles ?? [],
      permissions: place.permissions ?? '2248473465835073',
      joined_at: '2024-01-01T00:00:00.000000+00:00',
      nick: null,
      avatar: null,
      flags: 0,
      pending: false,
      deaf: false,
      mute: false,
    },
  };
}

/** The options of a slash command, as Discord types them (strings 3, integers 4). */
const optionsOf = (options: Record<string, string | number>, focused?: string) =>
  Object.entries(options).map(([name, value]) => ({
    name,
    type: typeof value === 'number' ? 4 : 3,
    value,
    ...(name === focused ? { focused: true } : {}),
  }));

/** Builders of the interactions a test sends, and their delivery to the app, signed as Discord signs them. */
export function discordInteractions(fake: DiscordFake, appUrl: string) {
  const url = `${appUrl}${DISCORD_INTERACTIONS_PATH}`;
  return {
    url,
    ping: () => ({
      id: fake.botApi.snowflake(),
      application_id: fake.clientId,
      type: InteractionType.Ping,
      token: fake.botApi.newToken(),
      version: 1,
      user: undefined,
    }),
    command: (user: FakeDiscordUser, place: InteractionPlace, name: string, options: Record<string, string | number> = {}) =>
      envelope(fake, InteractionType.ApplicationCommand, user, place, {
        id: '900000000000000001',
        name,
        type: 1,
        options: optionsOf(options),
      }),
    autocomplete: (
      user: FakeDiscordUser,
      place: InteractionPlace,
      name: string,
      options: Record<string, string | number>,
      focused: string,
    ) =>
      envelope(fake, InteractionType.ApplicationCommandAutocomplete, user, place, {
        id: '900000000000000001',
        name,
        type: 1,
        options: optionsOf(options, focused),
      }),
    /** A command with a subcommand (/wishlist add item:…), its options nested under it; `focused` makes it autocomplete. */
    subcommand: (
      user: FakeDiscordUser,
      place: InteractionPlace,
      name: string,
      sub: string,
      options: Record<string, string | number> = {},
      focused?: string,
    ) =>
      envelope(fake, focused ? InteractionType.ApplicationCommandAutocomplete : InteractionType.ApplicationCommand, user, place, {
        id: '900000000000000002',
        name,
        type: 1,
        options: [{ name: sub, type: 1, options: optionsOf(options, focused) }],
      }),
    button: (user: FakeDiscordUser, place: InteractionPlace, customId: string) =>
      envelope(fake, InteractionType.MessageComponent, user, place, {
        custom_id: customId,
        component_type: ComponentType.Button,
      }),
    select: (user: FakeDiscordUser, place: InteractionPlace, customId: string, values: string[]) =>
      envelope(fake, InteractionType.MessageComponent, user, place, {
        custom_id: customId,
        component_type: ComponentType.StringSelect,
        values,
      }),
    modal: (user: FakeDiscordUser, place: InteractionPlace, customId: string, inputs: Record<string, string>) =>
      envelope(fake, InteractionType.ModalSubmit, user, place, {
        custom_id: customId,
        components: Object.entries(inputs).map(([id, value]) => ({
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.TextInput, custom_id: id, value }],
        })),
      }),
    /** Delivers an interaction signed with the fake's key (or with the headers given). */
    deliver: (interaction: unknown, headers?: Record<string, string>): Promise<DeliveredInteraction> =>
      fake.botApi.deliver(url, interaction, headers),
  };
}

/** The data of a message answer (type 4), for assertions. */
export const answerOf = (delivered: DeliveredInteraction) =>
  (
    delivered.body as {
      type: number;
      data: {
        content?: string;
        flags?: number;
        components?: { components: { custom_id: string; label?: string; options?: { value: string }[] }[] }[];
      };
    }
  ).data;

/** Every custom id of an answer's or message's components. */
export const customIdsOf = (components: { components: { custom_id: string }[] }[] | undefined) =>
  (components ?? []).flatMap((row) => row.components.map((component) => component.custom_id));

/** The raid channel of a guild (its Notifications "Raid created" setting), set by an officer on the web. */
export async function setRaidChannel(officer: HttpClient, discordGuildId: string, channelId: string): Promise<void> {
  const saved = await officer.request('PUT', '/api/guild/config', {
    headers: { 'X-Guild-ID': discordGuildId },
    body: { category: 'notifications', settings: { raidCreated: channelId } },
  });
  expect(saved.status, saved.text).toBe(200);
}

/** A raid planned by an officer on the web: a 20-seat raid a day ahead unless `extra` says otherwise. */
export async function planRaidOnWeb(
  officer: HttpClient,
  discordGuildId: string,
  extra: Record<string, unknown>,
): Promise<RaidSummary> {
  const created = await officer.post<{ raid: RaidSummary }>(
    '/api/guild/raids',
    {
      instance: 'Manaforge Omega',
      difficulty: 'Heroic',
      size: 20,
      seats: { tanks: 2, healers: 4, melee: 7, ranged: 7 },
      startsAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      ...extra,
    },
    { headers: { 'X-Guild-ID': discordGuildId } },
  );
  expect(created.status, created.text).toBe(200);
  return created.body.raid;
}

/** A character claimed by a Discord member of the guild (their member row made when the sync has none); its id. */
export async function claimCharacter(
  app: FastifyInstance,
  tenantId: string,
  member: FakeDiscordUser,
  character: { name: string; role: CharacterRole },
): Promise<string> {
  const [known] = await sql<{ id: string }>(app, 'SELECT id FROM discord_members WHERE guild_id = $1 AND discord_user_id = $2', [
    tenantId,
    member.id,
  ]);
  const memberId = known?.id ?? (await insertMember(app, tenantId, { discordUserId: member.id, username: member.username }));
  const characterId = await insertCharacter(app, tenantId, { name: character.name, class: 'Paladin', role: character.role });
  await sql(
    app,
    `INSERT INTO character_links (guild_id, character_id, discord_member_id, is_primary, link_type) VALUES ($1, $2, $3, false, 'claim')`,
    [tenantId, characterId, memberId],
  );
  return characterId;
}
