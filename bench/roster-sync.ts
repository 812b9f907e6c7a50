// A 1,000-member Battle.net roster synced through the job layer against the Battle.net fake, in one run: the sync
// at Blizzard's limit (BNET_REQUESTS_PER_SECOND, default 100/s), against the floor that limit sets (the calls it
// needs, at that rate), with the calls in flight counted; then the same roster again, which must write nothing.
// Run: node --import tsx bench/roster-sync.ts   (PostgreSQL on TEST_POSTGRES_URL, default 127.0.0.1:5432)
import pg from 'pg';
import { BattlenetFake, rosterCharacter } from '../apps/server/test/fakes/battlenet-fake';
import { signInBenchAdmin } from './support/bench-admin';
import { withBenchDatabase } from './support/bench-database';
import { startAppProcess, stopAppProcess } from './support/start-app-process';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const PER_SECOND = Number(process.env.BENCH_BNET_PER_SECOND ?? 100);
const MAX_IN_FLIGHT = 4;
const REALM = { slug: 'ravencrest', name: 'Ravencrest' };
const CLASSES = ['Warrior', 'Paladin', 'Hunter', 'Rogue', 'Priest', 'Death Knight', 'Shaman', 'Mage', 'Warlock', 'Monk', 'Druid'];

async function main() {
  const bnet = await new BattlenetFake().start();
  bnet.guilds.push({
    region: 'eu',
    id: 1,
    name: 'Bench Roster',
    realm: REALM,
    members: Array.from({ length: MEMBERS }, (_, i) =>
      rosterCharacter(100_000 + i, `Member${i}`, REALM, { className: CLASSES[i % CLASSES.length]!, rank: i % 10 }),
    ),
  });
  try {
    await withBenchDatabase(async (databaseUrl) => {
      const app = await startAppProcess(databaseUrl, {
        BNET_CLIENT_ID: bnet.clientId,
        BNET_CLIENT_SECRET: bnet.clientSecret,
        BNET_API_BASE: bnet.apiBase,
        BNET_OAUTH_BASE: bnet.oauthBase,
        BNET_REQUESTS_PER_SECOND: String(PER_SECOND),
        JOB_POLL_MS: '100',
      });
      try {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const { rows } = await client.query<{ id: string }>(
          "INSERT INTO guilds (guild_name, server, region) VALUES ('Bench Roster', 'Ravencrest', 'EU') RETURNING id",
        );
        const guildId = rows[0]!.id;
        const cookie = await signInBenchAdmin(app.url);
        const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
        const base = `${app.url}/api/admin/guilds/${guildId}/data-sources/battlenet/sync`;

        const sync = async () => {
          const callsBefore = bnet.profileApiCalls().length;
          const started = performance.now();
          const response = await fetch(base, { method: 'POST', headers, body: '{}' });
          const { job } = (await response.json()) as { job: { id: string } };
          for (;;) {
            const read = (await (await fetch(`${base}/${job.id}`, { headers })).json()) as {
              job: { status: string; counts: Record<string, number> | null; error: string | null };
            };
            if (read.job.status === 'failed') throw new Error(read.job.error ?? 'sync failed');
            if (read.job.status === 'succeeded') {
              return {
                seconds: (performance.now() - started) / 1000,
                calls: bnet.profileApiCalls().length - callsBefore,
                counts: read.job.counts!,
              };
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        };
        const characterState = async () =>
          (
            await client.query<{ state: string }>(
              `SELECT md5(string_agg(c.id || c.updated_at::text || coalesce(s.last_seen_at::text, ''), ',' ORDER BY c.id)) AS state
                 FROM characters c LEFT JOIN character_sources s ON s.character_id = c.id WHERE c.guild_id = $1`,
              [guildId],
            )
          ).rows[0]!.state;

        const first = await sync();
        const before = await characterState();
        const second = await sync();
        const isUnchanged = (await characterState()) === before && second.counts.new === 0 && second.counts.changed === 0;
        await client.end();
        // The floor: every call the sync needs, started 1/rate apart.
        const floor = first.calls / PER_SECOND;
        const isFirstOk = first.counts.new === MEMBERS && bnet.maxInFlight <= MAX_IN_FLIGHT;
        const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
        console.log(`
Battle.net roster sync, ${MEMBERS.toLocaleString()} members, at most ${PER_SECOND} calls a second
  first sync          ${first.seconds.toFixed(1)} s, ${first.calls} Profile API calls, ${first.counts.new} new   ${verdict(isFirstOk)}
  the limit's floor   ${floor.toFixed(1)} s   (${first.calls} calls at ${PER_SECOND}/s)   ratio ${(first.seconds / floor).toFixed(2)}x
  calls in flight     at most ${bnet.maxInFlight}   (must be <= ${MAX_IN_FLIGHT})
  second sync         ${second.seconds.toFixed(1)} s, ${second.counts.unchanged} unchanged; characters and sources ${isUnchanged ? 'untouched' : 'WRITTEN'}   ${verdict(isUnchanged)}
`);
        process.exitCode = isFirstOk && isUnchanged ? 0 : 1;
      } finally {
        await stopAppProcess(app);
      }
    });
  } finally {
    await bnet.stop();
  }
}

await main();
