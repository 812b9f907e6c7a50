import { ApplicationCommandOptionType, InteractionResponseType, InteractionType, MessageFlags } from 'discord-api-types/v10';
import { z } from 'zod';
import type { DiscordMessageBody } from '../../services/discord/discord-rest';

const snowflake = z.string().regex(/^\d{1,20}$/);
const discordUser = z.object({
  id: snowflake,
  username: z.string().min(1).max(64),
  global_name: z.string().max(64).nullish(),
  avatar: z.string().max(64).nullish(),
});

/** An option of a slash command as Discord sends it (a subcommand nests its own). */
export interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
  options?: CommandOption[];
}
const commandOption: z.ZodType<CommandOption> = z.lazy(() =>
  z.object({
    name: z.string().max(32),
    type: z.number().int(),
    value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
    focused: z.boolean().optional(),
    options: z.array(commandOption).max(25).optional(),
  }),
);

/** A command option's value by name (autocomplete and choices give strings, integers numbers). */
export const optionOf = (options: readonly CommandOption[] | undefined, name: string) =>
  options?.find((option) => option.name === name)?.value;

/** The subcommand Discord nests a command's options under (/wishlist add …), or none. */
export const subcommandOf = (options: readonly CommandOption[] | undefined) =>
  options?.[0]?.type === ApplicationCommandOptionType.Subcommand ? options[0] : undefined;

/** The options a command's own values are in: its subcommand's, when it has one. */
export const leafOptions = (options: readonly CommandOption[] | undefined) => subcommandOf(options)?.options ?? options;

/** A text input's value wherever a modal nests it (action rows, or labels in Discord's newer layout). */
export interface ModalComponent {
  type: number;
  custom_id?: string;
  value?: string;
  components?: ModalComponent[];
  component?: ModalComponent;
}
const modalComponent: z.ZodType<ModalComponent> = z.lazy(() =>
  z.object({
    type: z.number().int(),
    custom_id: z.string().max(100).optional(),
    value: z.string().max(4000).optional(),
    components: z.array(modalComponent).max(25).optional(),
    component: modalComponent.optional(),
  }),
);

/**
 * The fields of an interaction Guildhall reads, checked after the signature: a body Discord signed but that lacks
 * them is answered 400 rather than half-read.
 */
export const interactionSchema = z.object({
  id: snowflake,
  application_id: snowflake,
  type: z.enum(InteractionType),
  token: z.string().min(1).max(1000),
  guild_id: snowflake.optional(),
  channel_id: snowflake.optional(),
  member: z.object({ user: discordUser, permissions: z.string().regex(/^\d{1,40}$/), roles: z.array(snowflake) }).optional(),
  user: discordUser.optional(),
  data: z
    .object({
      name: z.string().max(32).optional(),
      options: z.array(commandOption).max(25).optional(),
      custom_id: z.string().max(100).optional(),
      component_type: z.number().int().optional(),
      values: z.array(z.string().max(100)).max(25).optional(),
      components: z.array(modalComponent).max(5).optional(),
    })
    .optional(),
});
/** An interaction as Guildhall reads it. */
export type Interaction = z.infer<typeof interactionSchema>;

/** The Discord user who acted: a server member's user, or the user of a direct message. */
export const actorOf = (interaction: Interaction) => interaction.member?.user ?? interaction.user ?? null;

/** What an interaction is answered with: a message (ephemeral: seen by the caller only), a modal, or choices. */
export type BotReply =
  | { kind: 'message'; message: DiscordMessageBody; isEphemeral: boolean }
  | { kind: 'modal'; modal: { custom_id: string; title: string; components: unknown[] } }
  | { kind: 'choices'; choices: { name: string; value: string }[] };

/** A message only the caller sees: every refusal, and most answers. */
export const ephemeral = (content: string, extra: Partial<DiscordMessageBody> = {}): BotReply => ({
  kind: 'message',
  message: { content, ...extra },
  isEphemeral: true,
});

/** Nobody is pinged by what the bot writes, whatever names a message carries. */
const NO_MENTIONS = { parse: [] };

/** The message as a follow-up sends it (PATCH @original): flags are fixed by the deferral, mentions never ping. */
export const followUpBody = (message: DiscordMessageBody): DiscordMessageBody => ({ ...message, allowed_mentions: NO_MENTIONS });

/** The interaction response Discord expects for a reply given within the window. */
export function interactionResponse(reply: BotReply): Record<string, unknown> {
  if (reply.kind === 'choices') {
    return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: reply.choices } };
  }
  if (reply.kind === 'modal') return { type: InteractionResponseType.Modal, data: reply.modal };
  return {
    type: InteractionResponseType.ChannelMessageWithSource,
    data: { ...followUpBody(reply.message), flags: reply.isEphemeral ? MessageFlags.Ephemeral : 0 },
  };
}

/** "Thinking…": the answer comes later through the follow-up webhook, ephemeral or not as the final one will be. */
export const deferredResponse = (isEphemeral: boolean) => ({
  type: InteractionResponseType.DeferredChannelMessageWithSource,
  data: { flags: isEphemeral ? MessageFlags.Ephemeral : 0 },
});
