/** The part of GET /profile/user/wow Guildhall reads (the account profile summary). */
export interface WowProfile {
  wow_accounts?: {
    characters?: {
      name: string;
      realm: { slug: string; name: string | Record<string, string> };
      playable_class?: { name?: string | Record<string, string> };
      playable_race?: { name?: string | Record<string, string> };
      faction?: { type?: string; name?: string | Record<string, string> };
      guild?: { name?: string };
      level?: number;
    }[];
  }[];
}

/** A WoW character as Guildhall keeps it. */
export interface WowCharacter {
  name: string;
  realmSlug: string;
  realmName: string;
  className: string | null;
  raceName: string | null;
  level: number | null;
  faction: string | null;
  guildName: string | null;
}

/** With locale=en_US names are strings; without, Blizzard sends every locale: take English. */
const text = (value: string | Record<string, string> | undefined): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : (value.en_US ?? Object.values(value)[0] ?? null);

/** Every character of every WoW account (a Battle.net account may hold several), once per realm and name. */
export function wowCharactersOf(profile: WowProfile): WowCharacter[] {
  const seen = new Map<string, WowCharacter>();
  for (const account of profile.wow_accounts ?? []) {
    for (const character of account.characters ?? []) {
      const realmSlug = character.realm.slug;
      seen.set(`${realmSlug}/${character.name.toLowerCase()}`, {
        name: character.name,
        realmSlug,
        realmName: text(character.realm.name) ?? realmSlug,
        className: text(character.playable_class?.name),
        raceName: text(character.playable_race?.name),
        level: typeof character.level === 'number' ? character.level : null,
        faction: character.faction?.type ?? null,
        guildName: character.guild?.name ?? null,
      });
    }
  }
  return [...seen.values()];
}
