import { DISCORD_BOT_MESSAGES } from '@guildhall/contract';
import { InteractionType } from 'discord-api-types/v10';
import { AppError } from '../../core/app-error';
import { answerAutocomplete } from './answer-autocomplete';
import { answerCommand, isCommandEphemeral } from './answer-command';
import { answerComponent } from './answer-component';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, ephemeral, type Interaction } from './interaction';

/** Answers an interaction of any kind but PING; a refusal (AppError) becomes its message, for the caller only. */
export async function answerInteraction(deps: DiscordBotDeps, interaction: Interaction): Promise<BotReply> {
  try {
    switch (interaction.type) {
      case InteractionType.ApplicationCommand:
        return await answerCommand(deps, interaction);
      case InteractionType.ApplicationCommandAutocomplete:
        return await answerAutocomplete(deps, interaction);
      case InteractionType.MessageComponent:
      case InteractionType.ModalSubmit:
        return await answerComponent(deps, interaction);
      default:
        return ephemeral(DISCORD_BOT_MESSAGES.badInteraction);
    }
  } catch (error) {
    if (error instanceof AppError && error.code !== 'INTERNAL') return ephemeral(error.message);
    deps.log.error({ err: error, interaction: interaction.id, kind: interaction.type }, 'Discord interaction failed');
    return ephemeral(DISCORD_BOT_MESSAGES.failed);
  }
}

/** Whether the final answer is for the caller alone (decided before it exists, for a deferral). */
export const isAnswerEphemeral = (interaction: Interaction) =>
  interaction.type !== InteractionType.ApplicationCommand || isCommandEphemeral(interaction);
