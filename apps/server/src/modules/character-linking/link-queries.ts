import type { CharacterRole, LinkPriority, LinkType, WowClass } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { MEMBER_COLUMNS, type MemberRow } from './queries';

/** A character link as stored. */
export interface LinkRow {
  id: string;
  guild_id: string;
  character_id: string;
  discord_member_id: string;
  discord_user_id: string;
  priority: LinkPriority;
  is_primary: boolean;
  confidence: number | null;
  link_type: LinkType;
  linked_at: Date;
}

/** A link with the character it links, for a member's expanded row. */
export interface LinkedCharacterRow extends LinkRow {
  name: string;
  realm: string;
  class: WowClass;
  role: CharacterRole | null;
  spec: string | null;
  level: number;
}

const LINK_COLUMNS = `l.id, l.guild_id, l.character_id, l.discord_member_id, m.discord_user_id, l.priority, l.is_primary,
  l.confidence::float8 AS confidence, l.link_type, l.linked_at`;

/** The links of these members with their characters, primary first, then in link order. */
export async function selectLinkedCharacters(db: Queryable, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  const { rows } = await db.query<LinkedCharacterRow>(
    `SELECT ${LINK_COLUMNS}, c.name, c.realm, c.class, c.role, c.spec, c.level
       FROM character_links l JOIN characters c ON c.id = l.character_id JOIN discord_members m ON m.id = l.discord_member_id
      WHERE l.discord_member_id = ANY($1::uuid[])
      ORDER BY l.discord_member_id, l.is_primary DESC, l.linked_at, l.id`,
    [memberIds],
  );
  return rows;
}

/** A character of the guild, locked so that two links of it cannot race. */
export async function lockCharacter(tx: Queryable, guildId: string, characterId: string) {
  const { rows } = await tx.query<{ id: string; name: string; realm: string; class: WowClass }>(
    'SELECT id, name, realm, class FROM characters WHERE id = $1 AND guild_id = $2 FOR UPDATE',
    [characterId, guildId],
  );
  return rows[0] ?? null;
}

/** A current member of the guild by Discord id, locked so that their first link is primary exactly once. */
export async function lockCurrentMember(tx: Queryable, guildId: string, discordUserId: string) {
  const { rows } = await tx.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM discord_members m
      WHERE m.guild_id = $1 AND m.discord_user_id = $2 AND m.left_at IS NULL FOR UPDATE`,
    [guildId, discordUserId],
  );
  return rows[0] ?? null;
}

/** The link a character has and the member it goes to, if any. */
export async function selectLinkOfCharacter(db: Queryable, characterId: string) {
  const { rows } = await db.query<LinkRow & Pick<MemberRow, 'username' | 'global_name' | 'nickname'>>(
    `SELECT ${LINK_COLUMNS}, m.username, m.global_name, m.nickname
       FROM character_links l JOIN discord_members m ON m.id = l.discord_member_id WHERE l.character_id = $1`,
    [characterId],
  );
  return rows[0] ?? null;
}

/** How many characters a member has linked. */
export async function countMemberLinks(db: Queryable, memberId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM character_links WHERE discord_member_id = $1', [
    memberId,
  ]);
  return rows[0]?.n ?? 0;
}

/** What a new link stores. */
export interface NewLink {
  guildId: string;
  characterId: string;
  memberId: string;
  priority: LinkPriority;
  isPrimary: boolean;
  /** 0-1, or null for a link made by hand. */
  confidence: number | null;
  linkType: LinkType;
  linkedBy: string | null;
}

export async function insertLink(tx: Queryable, link: NewLink): Promise<LinkRow> {
  const { rows } = await tx.query<LinkRow>(
    `WITH l AS (
       INSERT INTO character_links (guild_id, character_id, discord_member_id, priority, is_primary, confidence, link_type, linked_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *)
     SELECT ${LINK_COLUMNS} FROM l JOIN discord_members m ON m.id = l.discord_member_id`,
    [link.guildId, link.characterId, link.memberId, link.priority, link.isPrimary, link.confidence, link.linkType, link.linkedBy],
  );
  return rows[0]!;
}

/** A link of the guild with the names the audit and the message need, locked for the unlink. */
export async function lockLink(tx: Queryable, guildId: string, linkId: string) {
  const { rows } = await tx.query<LinkRow & { character_name: string; display_name: string }>(
    `SELECT ${LINK_COLUMNS}, c.name AS character_name, coalesce(m.nickname, m.global_name, m.username) AS display_name
       FROM character_links l JOIN characters c ON c.id = l.character_id JOIN discord_members m ON m.id = l.discord_member_id
      WHERE l.id = $1 AND l.guild_id = $2 FOR UPDATE OF l, m`,
    [linkId, guildId],
  );
  return rows[0] ?? null;
}

export async function deleteLink(tx: Queryable, linkId: string): Promise<void> {
  await tx.query('DELETE FROM character_links WHERE id = $1', [linkId]);
}

/** Makes the member's oldest remaining link (a main before an alt) primary; returns its id, if any. */
export async function promoteNextPrimary(tx: Queryable, memberId: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE character_links SET is_primary = true
      WHERE id = (SELECT id FROM character_links WHERE discord_member_id = $1
                   ORDER BY priority = 'main' DESC, linked_at, id LIMIT 1)
      RETURNING id`,
    [memberId],
  );
  return rows[0]?.id ?? null;
}
