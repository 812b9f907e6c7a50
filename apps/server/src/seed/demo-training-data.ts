import type { ConversationEntry, ToolCall, TurnOutcome } from '@guildhall/contract';
import { uuid } from './demo-data';
import { RAID_INSTANCES } from './game-names';
import { createRandom, type Random } from './prng';

/** How big the demo training set is: turns over the last 90 days, and how often a turn left a sample. */
export const DEMO_TRAINING_SIZE = { turns: 3000, days: 90, intentShare: 0.7, memoryShare: 0.25 } as const;

/** A demo guild with a Discord server, and the members who talk on it. */
export interface TrainingSeedGuild {
  id: string;
  guild_name: string;
  discord_guild_id: string;
  members: { discord_user_id: string; name: string }[];
}

/** An ai_turns row of the demo set. */
export interface DemoTurn {
  id: string;
  client_id: string;
  guild_id: string;
  discord_guild_id: string;
  channel_id: string;
  discord_user_id: string;
  username: string;
  trigger_message: string;
  conversation: ConversationEntry[];
  should_respond: boolean;
  intent_confidence: number;
  outcome: TurnOutcome;
  provider: string;
  model: string;
  temperature: number;
  prompt_tokens: number;
  completion_tokens: number;
  latency_ms: number;
  tool_calls: ToolCall[];
  reply: string | null;
  error: string | null;
  created_at: string;
}

/** An intent_samples row of the demo set, linked to its turn. */
export interface DemoIntentSample {
  id: string;
  client_id: string;
  turn_id: string;
  guild_id: string;
  current_message: string;
  conversation_history: ConversationEntry[];
  should_respond: boolean;
  confidence: number;
  temperature: number;
  vibe_classification: string;
  provider_used: string;
  model_used: string;
  actual_response_sent: boolean;
  was_correct: boolean | null;
  quality_score: number;
  human_verified: boolean;
  verified_at: string | null;
  created_at: string;
}

/** A memory_samples row of the demo set, linked to its turn. */
export interface DemoMemorySample {
  id: string;
  client_id: string;
  turn_id: string;
  guild_id: string;
  message_content: string;
  extracted_event: { summary: string; timestamp: string | null } | null;
  extracted_gems: { fact: string; concepts: string[] }[];
  extracted_memories: { type: string; content: string; importance: number }[];
  conversation_history: ConversationEntry[];
  llm_provider: string;
  llm_model: string;
  extraction_latency_ms: number;
  quality_score: number;
  human_verified: boolean;
  verified_at: string | null;
  created_at: string;
}

/** The demo training set. */
export interface DemoTrainingData {
  turns: DemoTurn[];
  intents: DemoIntentSample[];
  memories: DemoMemorySample[];
}

interface ModelProfile {
  provider: string;
  model: string;
  weight: number;
  /** Median model latency and the spread of its log-normal distribution. */
  medianMs: number;
  sigma: number;
  errorRate: number;
  errors: readonly string[];
}

/** Hosted models are fast and rarely fail; the local model is slower and falls over more often. */
export const DEMO_MODELS: readonly ModelProfile[] = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    weight: 0.42,
    medianMs: 850,
    sigma: 0.45,
    errorRate: 0.03,
    errors: ['429 rate_limit_exceeded: Rate limit reached for gpt-4o-mini', 'Request timed out after 30000 ms'],
  },
  {
    provider: 'openai',
    model: 'gpt-4o',
    weight: 0.1,
    medianMs: 1600,
    sigma: 0.4,
    errorRate: 0.025,
    errors: ['500 server_error: The server had an error while processing your request'],
  },
  {
    provider: 'anthropic',
    model: 'claude-3-5-haiku-20241022',
    weight: 0.28,
    medianMs: 1050,
    sigma: 0.4,
    errorRate: 0.04,
    errors: ['529 overloaded_error: Overloaded', 'Request timed out after 30000 ms'],
  },
  {
    provider: 'ollama',
    model: 'llama3.1:8b',
    weight: 0.2,
    medianMs: 2600,
    sigma: 0.55,
    errorRate: 0.09,
    errors: ['connect ECONNREFUSED 127.0.0.1:11434', 'model output was not valid JSON for tool call', 'context length exceeded'],
  },
];

const BOT = 'Guildbot';
const DAY_MS = 86_400_000;
const CHATTER = [
  'lol that wipe was brutal',
  'gg everyone, nice kills tonight',
  'brb dog needs out',
  'anyone up for keys after raid?',
  'my internet is being weird again',
  'who pulled that pack 😂',
  'ty for the summon',
  'is the vault reset today or tomorrow',
  'omg finally got the trinket',
  'can someone link the new boss guide',
  'I will be 10 min late tonight',
  'did anyone see the patch notes',
  'healers were goated on that pull',
  'need 2 more for the m+ 12',
  'flasks are in the guild bank',
];
const FOLLOW_UPS = ['thanks!', 'nice', 'ok cool', 'perfect ty', 'good to know'];

const pickBoss = (random: Random) => {
  const raid = RAID_INSTANCES[random.int(0, Math.min(2, RAID_INSTANCES.length - 1))]!;
  return { raid: raid.name, boss: random.pick(raid.bosses), item: random.pick(raid.loot)[1] };
};

/** A log-normal draw around a median (Box–Muller). */
function logNormal(random: Random, median: number, sigma: number) {
  const u = Math.max(random.next(), 1e-9);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
  return Math.round(median * Math.exp(sigma * z));
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

interface Ask {
  trigger: string;
  tools: { name: string; arguments: Record<string, unknown>; result: string; minMs: number; maxMs: number }[];
  reply: string;
  vibe: string;
  memory: { fact: string; concepts: string[]; event?: string } | null;
}

/** A message that asks the bot for something, with the tools it takes and the answer it gives. */
function ask(random: Random, guild: TrainingSeedGuild, speaker: string, other: string): Ask {
  const { raid, boss, item } = pickBoss(random);
  const day = random.pick(['Tuesday', 'Wednesday', 'Thursday', 'Sunday']);
  switch (random.int(0, 4)) {
    case 0:
      return {
        trigger: `@${BOT} when is raid this week?`,
        tools: [
          {
            name: 'lookup_raid_schedule',
            arguments: { guild: guild.guild_name, range: 'this_week' },
            result: `${day} 20:00-23:00 ${raid} (Heroic)`,
            minMs: 40,
            maxMs: 260,
          },
        ],
        reply: `Raid is ${day} at 20:00 server time: ${raid} Heroic, starting with ${boss}. Invites go out at 19:45.`,
        vibe: 'question',
        memory: null,
      };
    case 1:
      return {
        trigger: `@${BOT} who got ${item} last week?`,
        tools: [
          {
            name: 'search_loot_history',
            arguments: { item, days: 7 },
            result: `[{"character":"${other}","boss":"${boss}","awardedAt":"last ${day}"}]`,
            minMs: 80,
            maxMs: 900,
          },
        ],
        reply: `${other} got ${item} from ${boss} last ${day}.`,
        vibe: 'question',
        memory: null,
      };
    case 2:
      return {
        trigger: `@${BOT} remember that ${other} is on vacation until ${day}`,
        tools: [
          {
            name: 'remember_fact',
            arguments: { fact: `${other} is on vacation until ${day}`, subject: other },
            result: 'stored',
            minMs: 20,
            maxMs: 150,
          },
        ],
        reply: `Got it, I'll remember that ${other} is away until ${day}.`,
        vibe: 'request',
        memory: {
          fact: `${other} is on vacation until ${day}`,
          concepts: ['attendance', other.toLowerCase()],
          event: `${other} away`,
        },
      };
    case 3:
      return {
        trigger: `@${BOT} can you check the schedule and who has ${item}? want to plan ${boss} prog`,
        tools: [
          {
            name: 'lookup_raid_schedule',
            arguments: { guild: guild.guild_name, range: 'next_7_days' },
            result: `${day} 20:00-23:00 ${raid}`,
            minMs: 40,
            maxMs: 260,
          },
          {
            name: 'search_loot_history',
            arguments: { item, days: 30 },
            result: `[{"character":"${other}","boss":"${boss}"}]`,
            minMs: 80,
            maxMs: 900,
          },
        ],
        reply: `Next raid is ${day} 20:00 in ${raid}. ${other} already has ${item}, so it can go to someone else on ${boss}.`,
        vibe: 'planning',
        memory: {
          fact: `The guild plans ${boss} progression on ${day}`,
          concepts: ['progression', 'raid'],
          event: `${boss} prog night`,
        },
      };
    default:
      return {
        trigger: `${random.chance(0.3) ? 'hey bot' : `@${BOT}`} what's the strat for ${boss}? first time tanking it`,
        tools: [],
        reply: `On ${boss}: tanks swap at 3 stacks, stack for the soak and spread for the beams. Bring a defensive for the enrage.`,
        vibe: 'question',
        memory: { fact: `${speaker} is learning to tank ${boss}`, concepts: ['tanking', 'progression'] },
      };
  }
}

function pickModel(random: Random): ModelProfile {
  let roll = random.next();
  for (const profile of DEMO_MODELS) {
    roll -= profile.weight;
    if (roll < 0) return profile;
  }
  return DEMO_MODELS[0]!;
}

/** Raid guilds talk in the evening: most turns fall between 17:00 and 24:00 UTC. */
function when(random: Random, now: number, days: number) {
  const day = Math.floor(random.next() ** 1.15 * days);
  const hour = random.chance(0.75) ? random.int(17, 23) : random.int(0, 16);
  const start = new Date(now - day * DAY_MS);
  start.setUTCHours(hour, random.int(0, 59), random.int(0, 59), random.int(0, 999));
  return Math.min(start.getTime(), now - random.int(1, 600) * 1000);
}

/**
 * The demo set of the bot's agent turns and the training samples they left, deterministic for a given list of
 * guilds and `now`: several providers and models with their own latency and error profiles, chat that the bot
 * ignores or answers with tools, intent samples for most turns and memory samples for those worth remembering,
 * some verified, some with a known outcome.
 */
export function generateDemoTrainingData(guilds: readonly TrainingSeedGuild[], now: number, size = DEMO_TRAINING_SIZE.turns) {
  const random = createRandom(1_600_016);
  const data: DemoTrainingData = { turns: [], intents: [], memories: [] };
  const talking = guilds.filter((guild) => guild.members.length >= 2);
  if (talking.length === 0) return data;
  const channels = new Map(
    talking.map((guild) => [guild.id, [0, 1, 2].map(() => `3${Array.from({ length: 17 }, () => random.int(0, 9)).join('')}`)]),
  );
  for (let index = 0; index < size; index++) {
    // A few busy guilds carry most of the traffic, as on a real bot.
    const guild = talking[Math.floor(random.next() ** 2.2 * talking.length)]!;
    const speaker = random.pick(guild.members);
    const other = random.pick(guild.members.filter((member) => member !== speaker)).name;
    const at = when(random, now, DEMO_TRAINING_SIZE.days);
    const conversation = Array.from({ length: random.int(0, 5) }, () => {
      const member = random.pick(guild.members);
      return { username: member.name, content: random.pick(CHATTER) };
    });
    const profile = pickModel(random);
    const isAsk = random.chance(0.45);
    const request = isAsk ? ask(random, guild, speaker.name, other) : null;
    const trigger = request ? request.trigger : random.pick([...CHATTER, ...FOLLOW_UPS]);
    const confidence = request ? 0.62 + random.next() * 0.37 : 0.55 + random.next() * 0.44;
    const shouldRespond = request !== null;
    const isError = shouldRespond && random.chance(profile.errorRate);
    const outcome: TurnOutcome = !shouldRespond ? 'ignored' : isError ? 'error' : 'responded';
    let offset = logNormal(random, shouldRespond ? 120 : 90, 0.3);
    const toolCalls: ToolCall[] = (request?.tools ?? []).map((tool, step) => {
      const durationMs = random.int(tool.minMs, tool.maxMs);
      const failed = isError && step === (request?.tools.length ?? 0) - 1 && random.chance(0.3);
      const call: ToolCall = {
        name: tool.name,
        arguments: tool.arguments,
        result: failed ? null : tool.result,
        error: failed ? 'tool timed out' : null,
        startedAt: new Date(at + offset).toISOString(),
        durationMs,
      };
      offset += durationMs + random.int(5, 60);
      return call;
    });
    const modelMs = shouldRespond
      ? logNormal(random, profile.medianMs, profile.sigma)
      : logNormal(random, profile.medianMs * 0.35, 0.35);
    const latency = isError && random.chance(0.3) ? 30_000 : Math.max(60, modelMs + offset);
    const turnId = uuid(random);
    const clientId = `demo-turn-${String(index + 1).padStart(5, '0')}`;
    const createdAt = new Date(at).toISOString();
    const history = conversation.slice(-5);
    data.turns.push({
      id: turnId,
      client_id: clientId,
      guild_id: guild.id,
      discord_guild_id: guild.discord_guild_id,
      channel_id: random.pick(channels.get(guild.id)!),
      discord_user_id: speaker.discord_user_id,
      username: speaker.name,
      trigger_message: trigger,
      conversation: history,
      should_respond: shouldRespond,
      intent_confidence: round(confidence, 3),
      outcome,
      provider: profile.provider,
      model: profile.model,
      temperature: profile.provider === 'ollama' ? 0.8 : random.pick([0.2, 0.3, 0.7]),
      prompt_tokens: shouldRespond
        ? random.int(350, 900) + history.length * random.int(20, 60) + toolCalls.length * 180
        : random.int(140, 420),
      completion_tokens: outcome === 'responded' ? random.int(35, 320) : outcome === 'ignored' ? random.int(1, 6) : 0,
      latency_ms: latency,
      tool_calls: toolCalls,
      reply: outcome === 'responded' ? request!.reply : null,
      error: isError ? random.pick(profile.errors) : null,
      created_at: createdAt,
    });
    const verifiedAt = (isVerified: boolean) =>
      isVerified ? new Date(Math.min(now, at + random.int(1, 72) * 3_600_000)).toISOString() : null;
    if (random.chance(DEMO_TRAINING_SIZE.intentShare)) {
      const isVerified = random.chance(0.35);
      const isKnown = isVerified || random.chance(0.45);
      data.intents.push({
        id: uuid(random),
        client_id: `demo-intent-${String(index + 1).padStart(5, '0')}`,
        turn_id: turnId,
        guild_id: guild.id,
        current_message: trigger,
        conversation_history: history,
        should_respond: shouldRespond,
        confidence: round(confidence, 3),
        temperature: 0.2,
        vibe_classification: request?.vibe ?? random.pick(['banter', 'banter', 'chatter', 'reaction']),
        provider_used: profile.provider,
        model_used: profile.model,
        actual_response_sent: outcome === 'responded',
        // Confident decisions are right more often, and the local model less often.
        was_correct: isKnown ? random.chance(0.55 + confidence * 0.35 - (profile.provider === 'ollama' ? 0.12 : 0)) : null,
        quality_score: round(Math.min(1, Math.max(0.05, 0.35 + confidence * 0.45 + (random.next() - 0.5) * 0.4)), 3),
        human_verified: isVerified,
        verified_at: verifiedAt(isVerified),
        created_at: createdAt,
      });
    }
    const remembers = request?.memory ?? null;
    if (remembers && random.chance(Math.min(1, DEMO_TRAINING_SIZE.memoryShare / 0.27))) {
      const isVerified = random.chance(0.3);
      data.memories.push({
        id: uuid(random),
        client_id: `demo-memory-${String(index + 1).padStart(5, '0')}`,
        turn_id: turnId,
        guild_id: guild.id,
        message_content: trigger,
        extracted_event: remembers.event
          ? { summary: remembers.event, timestamp: new Date(at + random.int(1, 6) * DAY_MS).toISOString() }
          : null,
        extracted_gems: [{ fact: remembers.fact, concepts: remembers.concepts }],
        extracted_memories: [{ type: 'fact', content: remembers.fact, importance: round(0.4 + random.next() * 0.6, 2) }],
        conversation_history: conversation.slice(-3),
        llm_provider: profile.provider,
        llm_model: profile.model,
        extraction_latency_ms: logNormal(random, profile.medianMs * 0.8, profile.sigma),
        quality_score: round(0.3 + random.next() * 0.7, 3),
        human_verified: isVerified,
        verified_at: verifiedAt(isVerified),
        created_at: createdAt,
      });
    }
  }
  return data;
}
