import { AUTO_LINK, type AutoLinkGroup } from '@guildhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import type { HttpClient } from './helpers/http-client';
import { insertCharacter, insertMember } from './helpers/linking-factories';
import { startSignedInApp, stopTestApp, type TestApp, type TestEnvironment } from './helpers/test-app';

const FIND_ALL = '/api/admin/characters/auto-link/find-all';
const APPLY = '/api/admin/characters/auto-link/create-high-confidence';

let environment: TestEnvironment;
let server: TestApp;
let owner: HttpClient;
let guildId: string;

/**
 * A guild where the answer is known: three characters named exactly like one member each (one behind a
 * guild tag), one character two members share as their name (ambiguous), and one nobody is called.
 */
beforeAll(async () => {
  ({ environment, server, owner } = await startSignedInApp());
  guildId = await insertGuild(server.app, { guild_name: 'Known Answers' });
  const members = [
    { discordUserId: '600000000000000001', username: 'kaethas', globalName: 'Kaethas' },
    { discordUserId: '600000000000000002', username: 'brightwing_', globalName: 'Brightwing', nickname: '[Exo] Brightwing' },
    { discordUserId: '600000000000000003', username: 'velanna', globalName: 'Velanna' },
    { discordUserId: '600000000000000004', username: 'zandorin', globalName: 'Zandorin' },
    { discordUserId: '600000000000000005', username: 'quietfox', nickname: 'Zandorin' },
    { discordUserId: '600000000000000006', username: 'pixelpusher', globalName: 'Pixel' },
  ];
  for (const member of members) await insertMember(server.app, guildId, member);
  for (const name of ['Kaethas', 'Brightwing', 'Velanna', 'Zandorin', 'Morgrath']) {
    await insertCharacter(server.app, guildId, { name });
  }
});

afterAll(async () => {
  await stopTestApp(server, environment);
});

interface FindAllAnswer {
  summary: { totalMatches: number; usersWithMatches: number; highConfidence: number };
  high: AutoLinkGroup[];
  medium: AutoLinkGroup[];
  low: AutoLinkGroup[];
  unlinkedCharacters: number;
}
interface ApplyAnswer {
  dryRun: boolean;
  succeeded: number;
  attempted: number;
  errors: { discordUser: { username: string }; character: { name: string }; error: string }[];
  skipped: { discordUser: { username: string }; character: { name: string }; error: string }[];
  links: { linkId: string | null; discordUser: { username: string }; character: { name: string }; score: number }[];
  message: string;
}

const pairs = (groups: AutoLinkGroup[]) =>
  groups.flatMap((group) => group.matches.map((match) => `${match.character.name}→${group.discordUser.username}`)).sort();
const linkCount = async () =>
  (await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM character_links WHERE guild_id = $1', [guildId]))[0]!.n;
const auditCount = async () => (await sql<{ n: number }>(server.app, 'SELECT count(*)::int AS n FROM audit_log'))[0]!.n;

describe('auto-link find-all', () => {
  it('puts the exact names in the high band, grouped per member, with the name matched against', async () => {
    const answer = await owner.post<FindAllAnswer>(FIND_ALL, { guildId });
    expect(answer.status).toBe(200);
    const { body } = answer;
    expect(pairs(body.high)).toEqual([
      'Brightwing→brightwing_',
      'Kaethas→kaethas',
      'Velanna→velanna',
      'Zandorin→quietfox',
      'Zandorin→zandorin',
    ]);
    expect(body.summary).toMatchObject({ highConfidence: 5, applicable: 3, ambiguous: 2 });
    const ambiguous = body.high.flatMap((group) =>
      group.matches.filter((match) => match.isAmbiguous).map((match) => `${match.character.name}→${group.discordUser.username}`),
    );
    expect(ambiguous.sort()).toEqual(['Zandorin→quietfox', 'Zandorin→zandorin']);
    expect(body.summary.totalMatches).toBe(body.high.length + body.medium.length + body.low.length);
    expect(body.unlinkedCharacters).toBe(5);
    const all = [...body.high, ...body.medium, ...body.low].flatMap((group) => group.matches);
    expect(all.every((match) => match.score >= AUTO_LINK.minScore && match.score <= 1)).toBe(true);
    expect(all.some((match) => match.character.name === 'Morgrath')).toBe(false);
    const quietfox = body.high.find((group) => group.discordUser.username === 'quietfox')!;
    expect(quietfox.matches[0]).toMatchObject({ matchedAgainst: 'nickname', matchedName: 'Zandorin' });
    expect(quietfox.discordUser.displayName).toBe('Zandorin');
  });

  it('answers 404 for an unknown guild and 400 for a score outside 0-1', async () => {
    expect((await owner.post(FIND_ALL, { guildId: '00000000-0000-4000-8000-00000000dead' })).status).toBe(404);
    expect((await owner.post(FIND_ALL, { guildId, minScore: 1.5 })).status).toBe(400);
  });
});

describe('auto-link create-high-confidence', () => {
  it('changes nothing on a dry run and says what it would link', async () => {
    const [links, audits] = [await linkCount(), await auditCount()];
    const answer = await owner.post<ApplyAnswer>(APPLY, { guildId, dryRun: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: true, succeeded: 3, attempted: 3 });
    expect(answer.body.links.every((link) => link.linkId === null)).toBe(true);
    expect(await linkCount()).toBe(links);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a threshold below the apply threshold', async () => {
    expect((await owner.post(APPLY, { guildId, minScore: 0.9 })).status).toBe(400);
  });

  it('links exactly the unambiguous high-band pairs and reports the ambiguous ones', async () => {
    const found = await owner.post<FindAllAnswer>(FIND_ALL, { guildId, minScore: AUTO_LINK.applyThreshold });
    const membersPerCharacter = new Map<string, number>();
    for (const group of found.body.high)
      for (const match of group.matches)
        membersPerCharacter.set(match.character.name, (membersPerCharacter.get(match.character.name) ?? 0) + 1);
    const unambiguous = pairs(found.body.high).filter((pair) => membersPerCharacter.get(pair.split('→')[0]!) === 1);

    const answer = await owner.post<ApplyAnswer>(APPLY, { guildId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ dryRun: false, succeeded: 3, attempted: 3, errors: [] });
    expect(answer.body.links.map((link) => `${link.character.name}→${link.discordUser.username}`).sort()).toEqual(unambiguous);
    expect(unambiguous).toEqual(['Brightwing→brightwing_', 'Kaethas→kaethas', 'Velanna→velanna']);
    expect(answer.body.skipped.map((skip) => `${skip.character.name}→${skip.discordUser.username}`).sort()).toEqual([
      'Zandorin→quietfox',
      'Zandorin→zandorin',
    ]);

    const stored = await sql<{ name: string; username: string; link_type: string; confidence: number; is_primary: boolean }>(
      server.app,
      `SELECT c.name, m.username, l.link_type, l.confidence::float8 AS confidence, l.is_primary
         FROM character_links l JOIN characters c ON c.id = l.character_id JOIN discord_members m ON m.id = l.discord_member_id
        WHERE l.guild_id = $1 ORDER BY c.name`,
      [guildId],
    );
    expect(stored.map((row) => `${row.name}→${row.username}`)).toEqual(unambiguous);
    const scores = new Map(answer.body.links.map((link) => [link.character.name, link.score]));
    for (const row of stored) {
      expect(row).toMatchObject({ link_type: 'automatic', is_primary: true });
      expect(row.confidence).toBeCloseTo(scores.get(row.name)!, 3);
    }
    const audits = await sql<{ origin: string }>(
      server.app,
      `SELECT details->>'origin' AS origin FROM audit_log WHERE action = 'character.linked'`,
    );
    expect(audits.map((row) => row.origin)).toEqual(['automatic', 'automatic', 'automatic']);
  });

  it('finds nothing left to link on a second run', async () => {
    const again = await owner.post<ApplyAnswer>(APPLY, { guildId });
    expect(again.body).toMatchObject({ succeeded: 0, attempted: 0 });
    expect(again.body.skipped).toHaveLength(2);
    const found = await owner.post<FindAllAnswer>(FIND_ALL, { guildId });
    expect(found.body.unlinkedCharacters).toBe(2);
  });
});

describe('auto-link across scripts', () => {
  it('links characters named in Russian and Chinese to Latin names and back, says how each was read, and leaves a near miss (민수 / minseo) alone', async () => {
    const realmGuild = await insertGuild(server.app, { guild_name: 'Across Scripts' });
    const members = [
      { discordUserId: '600000000000000101', username: 'grommash_ru', globalName: 'Grommash' },
      { discordUserId: '600000000000000102', username: 'xiaoming', globalName: 'Xiaoming' },
      { discordUserId: '600000000000000103', username: 'wolfhound', nickname: 'Волкодав' },
      // A near miss: somebody else, one syllable away from 민수.
      { discordUserId: '600000000000000104', username: 'minseo', globalName: 'Minseo' },
    ];
    for (const member of members) await insertMember(server.app, realmGuild, member);
    for (const name of ['Громмаш', '小明', 'Volkodav', '민수']) await insertCharacter(server.app, realmGuild, { name });

    const found = await owner.post<FindAllAnswer>(FIND_ALL, { guildId: realmGuild });
    expect(pairs(found.body.high)).toEqual(['Volkodav→wolfhound', 'Громмаш→grommash_ru', '小明→xiaoming']);
    expect([...found.body.medium, ...found.body.low]).toEqual([]);
    const evidence = found.body.high.flatMap((group) => group.matches.map((match) => match.evidence));
    expect(evidence).toEqual(
      expect.arrayContaining([
        expect.stringContaining('transliterated: Громмаш → grommash'),
        expect.stringContaining('transliterated: 小明 → xiaoming'),
        expect.stringContaining('transliterated: Волкодав → volkodav'),
      ]),
    );

    const applied = await owner.post<ApplyAnswer>(APPLY, { guildId: realmGuild });
    expect(applied.body).toMatchObject({ succeeded: 3 });
  });
});
