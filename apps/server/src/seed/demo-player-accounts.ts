import type { AccountStatus } from '@guildhall/contract';
import type { DemoData } from './demo-data';
import { createRandom } from './prng';

/** How many demo player accounts there are. */
export const DEMO_PLAYER_ACCOUNTS = 300;

/** A demo player account row as the seed inserts it. */
export interface DemoPlayerAccount {
  display_name: string;
  email: string | null;
  account_status: AccountStatus;
  notes: string | null;
  discord_id: string | null;
  discord_linked_at: string | null;
  battlenet_id: string | null;
  battletag: string | null;
  battlenet_region: string | null;
  battlenet_linked_at: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

type LinkState = 'discord' | 'battlenet' | 'both' | 'none';
/** Every link state and every status shows on a fresh start; most accounts are active and linked somehow. */
const LINK_STATES: readonly LinkState[] = ['discord', 'discord', 'discord', 'both', 'both', 'both', 'battlenet', 'none', 'none'];
const STATUSES: readonly AccountStatus[] = ['active', 'active', 'active', 'active', 'active', 'active', 'inactive', 'suspended'];
const NOTES = ['Raid leader in two guilds', 'Asked to merge an old account', 'Transferred from EU', 'Prefers Discord DMs'];
const REGION_OF = { US: 'us', EU: 'eu', KR: 'kr', CN: 'tw' } as const;
const DAY = 86_400_000;

/**
 * Demo player accounts over the demo set's Discord people (so linked accounts show their characters), in every link
 * state and status, the same on every run for the same data and `now`.
 */
export function generateDemoPlayerAccounts(demo: DemoData, now: number, seed = 20_261_123): DemoPlayerAccount[] {
  const random = createRandom(seed);
  const regionOfGuild = new Map(
    demo.guilds.map((guild) => [guild.id, REGION_OF[guild.region as keyof typeof REGION_OF] ?? 'us']),
  );
  const people = new Map<string, { username: string; globalName: string | null; region: string }>();
  for (const member of demo.members) {
    if (!people.has(member.discord_user_id)) {
      people.set(member.discord_user_id, {
        username: member.username,
        globalName: member.global_name,
        region: regionOfGuild.get(member.guild_id) ?? 'us',
      });
    }
  }
  const persons = [...people.entries()].slice(0, DEMO_PLAYER_ACCOUNTS);
  return persons.map(([discordUserId, person], n) => {
    const state = n < LINK_STATES.length ? LINK_STATES[n]! : random.pick(LINK_STATES);
    const status: AccountStatus = n === 0 ? 'merged' : n < STATUSES.length + 1 ? STATUSES[n - 1]! : random.pick(STATUSES);
    const name = person.globalName ?? person.username;
    const created = now - random.int(30, 700) * DAY;
    const updated = created + random.int(0, Math.floor((now - created) / DAY)) * DAY;
    const iso = (ms: number) => new Date(ms).toISOString();
    const hasDiscord = state === 'discord' || state === 'both';
    const hasBattlenet = state === 'battlenet' || state === 'both';
    return {
      display_name: name.length >= 2 ? name : `${name} Player`,
      email: random.chance(0.6) ? `${person.username.replace(/[^a-z0-9]/g, '') || 'player'}${n}@example.com` : null,
      account_status: status,
      notes: random.chance(0.1) ? random.pick(NOTES) : null,
      discord_id: hasDiscord ? discordUserId : null,
      discord_linked_at: hasDiscord ? iso(created + DAY) : null,
      battlenet_id: hasBattlenet ? String(100_000_000 + n * 7_919) : null,
      battletag: hasBattlenet
        ? `${name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 12) || 'Player'}#${random.int(1000, 99999)}`
        : null,
      battlenet_region: hasBattlenet ? person.region : null,
      battlenet_linked_at: hasBattlenet ? iso(created + 2 * DAY) : null,
      last_login_at: random.chance(0.8) ? iso(Math.max(created, updated - random.int(0, 5) * DAY)) : null,
      created_at: iso(created),
      updated_at: iso(updated),
    };
  });
}
