// Words that appear in nicknames and notes but are not anybody's name. Folded (lower case, no accents).

/** Roles, classes, specs, guild ranks and nickname filler: a token equal to one of these never identifies a player. */
const COMMON_WORDS = new Set([
  // roles and raid jobs
  ...['tank', 'tanks', 'healer', 'healers', 'heals', 'heal', 'healz', 'dps', 'mdps', 'rdps', 'melee', 'ranged', 'caster'],
  ...['raid', 'raider', 'raiding', 'lead', 'leader', 'rl', 'ml', 'gm', 'officer', 'offi', 'trial', 'member', 'social'],
  ...['main', 'mains', 'alt', 'alts', 'twink', 'bank', 'banker', 'pvp', 'pve', 'mythic', 'heroic', 'keys'],
  // classes, their short forms and specs
  ...['dk', 'deathknight', 'dh', 'demonhunter', 'druid', 'dudu', 'evoker', 'evo', 'hunter', 'hunt', 'hunti', 'mage'],
  ...['monk', 'paladin', 'pala', 'pally', 'pal', 'priest', 'rogue', 'shaman', 'sham', 'shammy', 'warlock', 'lock'],
  ...['warrior', 'warri', 'war', 'holy', 'disc', 'shadow', 'resto', 'prot', 'ret', 'fury', 'arms', 'frost', 'fire'],
  ...['arcane', 'boomy', 'feral', 'guardian', 'balance', 'brew', 'mist', 'mw', 'ww', 'bm', 'mm', 'surv', 'sub', 'ele'],
  ...['enh', 'affli', 'demo', 'destro', 'veng', 'havoc', 'blood', 'unholy', 'aug', 'dev', 'pres'],
  // filler and status
  ...['the', 'of', 'and', 'a', 'an', 'is', 'my', 'im', 'its', 'mr', 'mrs', 'ms', 'sir', 'lord', 'lady', 'dr', 'el'],
  ...['afk', 'away', 'busy', 'brb', 'off', 'on', 'new', 'old', 'real', 'official', 'ttv', 'tv', 'twitch', 'yt', 'live'],
  ...['eu', 'us', 'na', 'oce', 'kr', 'tw', 'cn', 'discord', 'disc', 'bot', 'mod', 'admin', 'guild', 'team', 'irl'],
]);

/** Words a player glues after a name to mark the character's class or role ('Arthasdk', 'Jainamage'). */
export const CLASS_SUFFIXES = new Set([
  ...['dk', 'dh', 'pal', 'pala', 'pally', 'priest', 'pri', 'lock', 'wl', 'sham', 'shammy', 'shaman', 'mage', 'monk'],
  ...['hunt', 'hunter', 'druid', 'dru', 'dudu', 'evo', 'evoker', 'war', 'warr', 'warri', 'warrior', 'rogue', 'rog'],
  ...['tank', 'heal', 'heals', 'healz', 'dps', 'holy', 'disc', 'resto', 'prot', 'ret', 'fury', 'boomy', 'feral'],
]);

/** Words a player puts before a name ('TheArthas', 'ItsArthas', 'LordArthas'): the rest may be the name. */
export const NAME_PREFIXES = ['the', 'its', 'im', 'mr', 'mrs', 'sir', 'lord', 'lady', 'dr', 'iam', 'real', 'thereal'];

/** Whether a folded token is a common word rather than a name. */
export function isCommonWord(token: string): boolean {
  return COMMON_WORDS.has(token);
}
