import type { RaidAttendanceStatus } from '@guildhall/contract';
import type { DemoCharacter } from './demo-characters';
import type { DemoGuild } from './demo-data';
import { uuid } from './demo-data';
import { DIFFICULTIES, RAID_INSTANCES } from './game-names';
import type { Random } from './prng';

/** A raid night of a demo guild. */
export interface DemoRaid {
  id: string;
  guild_id: string;
  name: string;
  instance: string;
  difficulty: string;
  starts_at: string;
  ends_at: string;
}

/** Who came to a demo raid. */
export interface DemoAttendance {
  raid_event_id: string;
  character_id: string;
  status: RaidAttendanceStatus;
}

/** An item a demo raid awarded. */
export interface DemoLoot {
  id: string;
  guild_id: string;
  character_id: string;
  character_name: string;
  item_id: number;
  item_name: string;
  boss: string;
  raid_event_id: string;
  awarded_at: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far back the demo raids go: the Analytics tab charts 12 weeks. */
export const RAID_WEEKS = 12;
const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** Raid nights of a schedule such as 'Tue/Thu 20:00-23:00': Monday-based days and the start in minutes. */
export function parseSchedule(schedule: string): { days: number[]; startMinutes: number; hours: number } {
  const match = /^([A-Za-z/]+) (\d{2}):(\d{2})-(\d{2}):(\d{2})/.exec(schedule);
  if (!match) return { days: [1, 3], startMinutes: 20 * 60, hours: 3 };
  const days = match[1]!.split('/').flatMap((day) => (day in WEEKDAYS ? [WEEKDAYS[day]!] : []));
  const start = Number(match[2]) * 60 + Number(match[3]);
  const end = Number(match[4]) * 60 + Number(match[5]);
  return { days: days.length > 0 ? days : [1, 3], startMinutes: start, hours: ((end - start + 24 * 60) % (24 * 60)) / 60 || 3 };
}

/** The Monday (00:00 UTC) of the week holding `time`. */
const mondayOf = (time: number) => {
  const day = Math.floor(time / DAY_MS) * DAY_MS;
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
};

function difficultyOf(random: Random, schedule: string) {
  if (schedule.includes('Mythic')) return random.chance(0.8) ? 'Mythic' : 'Heroic';
  if (schedule.includes('casual')) return 'Normal';
  return random.pick(DIFFICULTIES.slice(1));
}

function attendanceStatus(random: Random): RaidAttendanceStatus {
  const roll = random.next();
  return roll < 0.82 ? 'present' : roll < 0.89 ? 'late' : 'absent';
}

/**
 * A guild's raid nights over the last 12 weeks (an inactive guild stopped two months ago), with the raid
 * team's attendance and what each boss dropped to someone who was there. Updates each character's last
 * activity and activity count from what it did.
 */
export function makeRaids(random: Random, guild: DemoGuild, roster: DemoCharacter[], now: number) {
  const raids: DemoRaid[] = [];
  const attendance: DemoAttendance[] = [];
  const loot: DemoLoot[] = [];
  const schedule = parseSchedule(guild.raid_schedule);
  const team = roster.filter((c) => c.level === 80 && (c.owner?.isMain ?? random.chance(0.6))).slice(0, 25);
  const bench = roster.filter((c) => c.level === 80 && !team.includes(c));
  const lastWeek = guild.is_active ? 0 : 8;

  for (let weeksAgo = RAID_WEEKS - 1; weeksAgo >= lastWeek; weeksAgo--) {
    const monday = mondayOf(now) - weeksAgo * 7 * DAY_MS;
    const instance = RAID_INSTANCES[weeksAgo < 8 ? 0 : 1]!;
    for (const day of schedule.days) {
      const startsAt = monday + day * DAY_MS + schedule.startMinutes * 60_000;
      if (startsAt + schedule.hours * HOUR_MS > now || random.chance(0.1)) continue;
      const difficulty = difficultyOf(random, guild.raid_schedule);
      const raid: DemoRaid = {
        id: uuid(random),
        guild_id: guild.id,
        name: `${difficulty} ${instance.name}`,
        instance: instance.name,
        difficulty,
        starts_at: new Date(startsAt).toISOString(),
        ends_at: new Date(startsAt + schedule.hours * HOUR_MS).toISOString(),
      };
      raids.push(raid);
      const came: DemoCharacter[] = [];
      const roll = [...team, ...bench.filter(() => random.chance(0.15))];
      for (const character of roll) {
        const status = attendanceStatus(random);
        attendance.push({ raid_event_id: raid.id, character_id: character.id, status });
        if (status === 'absent') continue;
        came.push(character);
        character.activity_count += 1;
        character.last_activity_at = raid.ends_at;
      }
      const kills = random.int(3, instance.bosses.length);
      for (let boss = 0; boss < kills && came.length > 0; boss++) {
        for (let drop = random.int(1, 2); drop > 0; drop--) {
          const [itemId, itemName] = random.pick(instance.loot);
          const winner = random.pick(came);
          loot.push({
            id: uuid(random),
            guild_id: guild.id,
            character_id: winner.id,
            character_name: winner.name,
            item_id: itemId,
            item_name: itemName,
            boss: instance.bosses[boss]!,
            raid_event_id: raid.id,
            awarded_at: new Date(startsAt + (boss + 1) * 20 * 60_000).toISOString(),
          });
        }
      }
    }
  }
  return { raids, attendance, loot };
}
