import { RAID_INSTANCES } from './game-names';
import { createRandom } from './prng';

/** A guild's characters as the combat-event generator needs them. */
export interface CombatGuild {
  id: string;
  characters: readonly string[];
}

const EVENT_TYPES = ['SPELL_DAMAGE', 'SPELL_DAMAGE', 'SPELL_DAMAGE', 'SPELL_HEAL', 'SPELL_HEAL', 'UNIT_DIED'] as const;

/** Escapes a line-protocol tag value (commas, spaces and equals signs). */
const tag = (text: string) => text.replace(/[,= ]/g, (c) => `\\${c}`);
/** A line-protocol string field value. */
const text = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * A recent raid night's combat events per guild, in InfluxDB line protocol (measurement combat_events,
 * tagged with guild_id and event_type), spread over the last `days` days, deterministic per guild.
 */
export function demoCombatLines(guilds: readonly CombatGuild[], now: number, perGuild = 40, days = 7): string[] {
  const random = createRandom(0xc0ba7);
  const lines: string[] = [];
  for (const guild of guilds) {
    if (guild.characters.length === 0) continue;
    const bosses = random.pick(RAID_INSTANCES).bosses;
    for (let i = 0; i < perGuild; i++) {
      const eventType = random.pick(EVENT_TYPES);
      const source = random.pick(guild.characters);
      const time = now - random.int(60_000, days * 86_400_000);
      const fields =
        eventType === 'UNIT_DIED'
          ? `target=${text(random.pick(guild.characters))}`
          : `source=${text(source)},target=${text(eventType === 'SPELL_HEAL' ? random.pick(guild.characters) : random.pick(bosses))},amount=${random.int(8_000, 420_000)}`;
      lines.push(`combat_events,guild_id=${tag(guild.id)},event_type=${eventType} ${fields} ${time}`);
    }
  }
  return lines;
}
