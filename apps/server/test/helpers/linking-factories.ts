import type { CharacterRole, WowClass } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { FakeDiscordMember } from '../fakes/discord-fake';
import { sql } from './factories';
import type { HttpClient } from './http-client';

/** A Discord member row for a test; returns its row id. */
export async function insertMember(
  app: FastifyInstance,
  guildId: string,
  member: { discordUserId: string; username: string; globalName?: string | null; nickname?: string | null; leftAt?: string },
): Promise<string> {
  const [row] = await sql<{ id: string }>(
    app,
    `INSERT INTO discord_members (guild_id, discord_user_id, username, global_name, nickname, joined_at, left_at)
     VALUES ($1, $2, $3, $4, $5, now() - interval '30 days', $6::timestamptz) RETURNING id`,
    [guildId, member.discordUserId, member.username, member.globalName ?? null, member.nickname ?? null, member.leftAt ?? null],
  );
  return row!.id;
}

/** A character row for a test; returns its id. */
export async function insertCharacter(
  app: FastifyInstance,
  guildId: string,
  character: {
    name: string;
    realm?: string;
    class?: WowClass;
    role?: CharacterRole;
    guildNote?: string | null;
    officerNote?: string | null;
  },
): Promise<string> {
  const [row] = await sql<{ id: string }>(
    app,
    `INSERT INTO characters (guild_id, name, realm, class, spec, role, level, item_level, item_level_equipped,
                             last_activity_at, activity_count, guild_note, officer_note)
     VALUES ($1, $2, $3, $4, NULL, $5, 80, 650, 648, now() - interval '3 days', 7, $6, $7) RETURNING id`,
    [
      guildId,
      character.name,
      character.realm ?? 'Stormrage',
      character.class ?? 'Paladin',
      character.role ?? 'dps',
      character.guildNote ?? null,
      character.officerNote ?? null,
    ],
  );
  return row!.id;
}

/** Discord members in the fake's wire format, with ascending snowflakes from `firstId`. */
export function fakeMembers(count: number, firstId = 300_000_000_000_000_000n): FakeDiscordMember[] {
  return Array.from({ length: count }, (_, i) => {
    const id = String(firstId + BigInt(i));
    return {
      user: { id, username: `player${i}`, global_name: `Player ${i}`, avatar: i % 2 === 0 ? `hash${i}` : null },
      nick: i % 5 === 0 ? `[Tag] Player ${i}` : null,
      joined_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
      roles: i % 3 === 0 ? ['200000000000000001'] : [],
    };
  });
}

/** A member sync job as the API answers it. */
export interface SyncJobAnswer {
  jobId: string;
  status: 'running' | 'succeeded' | 'failed';
  phase: string;
  fetched: number;
  processed: number;
  result: { added: number; updated: number; left: number; total: number } | null;
  error: string | null;
}

/** Polls a sync job until it is no longer running. */
export async function waitForSync(client: HttpClient, jobId: string, timeoutMs = 20_000): Promise<SyncJobAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.get<{ job: SyncJobAnswer }>(`/api/admin/character-discovery/discord/sync-members/${jobId}`);
    if (answer.status !== 200) throw new Error(`job ${jobId}: ${answer.status} ${answer.text}`);
    if (answer.body.job.status !== 'running') return answer.body.job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
