import { type CharacterSourceType, characterNameKey, classConflict, realmKey, type WowClass } from '@guildhall/contract';

// The one merge every source goes through: a character seen by several sources is one character, found by its
// Battle.net id where a source knows it, else by name + realm (the guild's region: a guild lives in one). What a
// source says is compared field by field; a class that differs is a conflict, reported and not written.

/** A character of the guild as the merge reads it. */
export interface KnownCharacter {
  id: string;
  name: string;
  realm: string;
  realm_slug: string | null;
  class: WowClass;
  battlenet_id: string | null;
  level: number;
  spec: string | null;
  role: string | null;
  race: string | null;
  guild_rank: number | null;
  /** WoWAudit's rank of the team, in words ('Main', 'Trial'). */
  team_rank: string | null;
  item_level: number | null;
  item_level_equipped: number | null;
  mythic_plus_score: number | null;
  avatar_url: string | null;
  render_url: string | null;
  left_guild_at: Date | null;
  retired_at: Date | null;
}

/** The fields a source may set. */
export type CharacterFields = Partial<
  Pick<
    KnownCharacter,
    | 'level'
    | 'spec'
    | 'role'
    | 'race'
    | 'guild_rank'
    | 'team_rank'
    | 'item_level'
    | 'item_level_equipped'
    | 'mythic_plus_score'
    | 'avatar_url'
    | 'render_url'
    | 'realm_slug'
    | 'battlenet_id'
  >
>;

/** What one source says of one character. */
export interface Observation {
  name: string;
  realm: string;
  realmSlug?: string | null;
  battlenetId?: string | null;
  className: WowClass;
  fields: CharacterFields;
}

/** The merge's verdict on one observation. */
export interface PlannedCharacter {
  observation: Observation;
  /** The character it is; null: a new one. */
  existing: KnownCharacter | null;
  status: 'new' | 'changed' | 'unchanged';
  /** Field → new value, of the fields that differ (a new character: every field given). */
  changes: CharacterFields;
  /** 'level 70 → 80', for the preview. */
  changeText: string[];
  conflict: string | null;
  /** Known as left the guild (or retired) and seen again by a roster: current again. */
  isBack: boolean;
}

/** A character a run is about to create, as the index holds it until it has its id. */
export function unsavedCharacter(id: string, observation: Observation): KnownCharacter {
  return {
    id,
    name: observation.name,
    realm: observation.realm,
    realm_slug: observation.realmSlug ?? null,
    class: observation.className,
    battlenet_id: observation.battlenetId ?? null,
    level: 80,
    spec: null,
    role: null,
    race: null,
    guild_rank: null,
    team_rank: null,
    item_level: null,
    item_level_equipped: null,
    mythic_plus_score: null,
    avatar_url: null,
    render_url: null,
    left_guild_at: null,
    retired_at: null,
  };
}

/** Finds characters by Battle.net id and by name + realm, realms matched across slugs, names and scripts. */
export class CharacterIndex {
  private readonly byBattlenetId = new Map<string, KnownCharacter>();
  private readonly byNameRealm = new Map<string, KnownCharacter>();
  /** realmKey of a realm's name or slug → realmKey of its slug, learnt from every character that has both. */
  private readonly realmAliases = new Map<string, string>();

  constructor(known: readonly KnownCharacter[], realmPairs: readonly { name: string; slug: string }[] = []) {
    for (const pair of realmPairs) this.learnRealm(pair.name, pair.slug);
    for (const character of known) if (character.realm_slug) this.learnRealm(character.realm, character.realm_slug);
    for (const character of known) this.add(character);
  }

  private learnRealm(name: string, slug: string) {
    const canonical = realmKey(slug);
    this.realmAliases.set(realmKey(name), canonical);
    this.realmAliases.set(canonical, canonical);
  }

  private realmOf(realm: string, slug?: string | null) {
    if (slug) return realmKey(slug);
    const key = realmKey(realm);
    return this.realmAliases.get(key) ?? key;
  }

  private nameRealmKey(name: string, realm: string, slug?: string | null) {
    return `${characterNameKey(name)}|${this.realmOf(realm, slug)}`;
  }

  /** Known to the index from now on (a character the same run creates is found by its next observation). */
  add(character: KnownCharacter) {
    if (character.battlenet_id) this.byBattlenetId.set(character.battlenet_id, character);
    this.byNameRealm.set(this.nameRealmKey(character.name, character.realm, character.realm_slug), character);
  }

  find(observation: Pick<Observation, 'name' | 'realm' | 'realmSlug' | 'battlenetId'>): KnownCharacter | null {
    if (observation.battlenetId) {
      const byId = this.byBattlenetId.get(observation.battlenetId);
      if (byId) return byId;
    }
    const byName = this.byNameRealm.get(this.nameRealmKey(observation.name, observation.realm, observation.realmSlug));
    // A character another Battle.net id owns is another character (the name was deleted and taken again).
    if (byName && observation.battlenetId && byName.battlenet_id && byName.battlenet_id !== observation.battlenetId) return null;
    return byName ?? null;
  }
}

const FIELD_LABELS: Record<keyof CharacterFields, string> = {
  level: 'level',
  spec: 'spec',
  role: 'role',
  race: 'race',
  guild_rank: 'rank',
  team_rank: 'team rank',
  item_level: 'item level',
  item_level_equipped: 'equipped item level',
  mythic_plus_score: 'Mythic+ score',
  avatar_url: 'avatar',
  render_url: 'render',
  realm_slug: 'realm slug',
  battlenet_id: 'Battle.net id',
};

/** Equal as stored: numbers read back from numeric columns may come as text. */
const same = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) || (typeof a === 'number' && b !== null && b !== undefined && Number(b) === a);

/** The merge's verdict on one observation against the index (which it does not change). */
export function planCharacter(index: CharacterIndex, observation: Observation, source: CharacterSourceType): PlannedCharacter {
  const existing = index.find(observation);
  if (!existing) {
    return {
      observation,
      existing: null,
      status: 'new',
      changes: observation.fields,
      changeText: [],
      conflict: null,
      isBack: false,
    };
  }
  const changes: CharacterFields = {};
  const changeText: string[] = [];
  for (const [field, value] of Object.entries(observation.fields) as [keyof CharacterFields, unknown][]) {
    if (value === undefined || value === null || same(value, existing[field])) continue;
    (changes as Record<string, unknown>)[field] = value;
    const before = existing[field];
    changeText.push(
      field === 'avatar_url' || field === 'render_url' || before === null
        ? `${FIELD_LABELS[field]} set`
        : `${FIELD_LABELS[field]} ${String(before)} → ${String(value)}`,
    );
  }
  const conflict =
    existing.class !== observation.className
      ? classConflict(`${existing.name}-${existing.realm}`, existing.class, observation.className)
      : null;
  const isBack = source === 'battlenet' && existing.left_guild_at !== null;
  if (isBack) changeText.push('back in the guild');
  const status = changeText.length > 0 ? 'changed' : 'unchanged';
  return { observation, existing, status, changes, changeText, conflict, isBack };
}
