// The matcher's shapes, shared by its files and re-exported from index.ts.

/** A guild character as the matcher sees it. */
export interface MatchCharacter {
  id: string;
  name: string;
  realm: string | null;
  guildNote: string | null;
  officerNote: string | null;
}

/** A Discord member as the matcher sees it. */
export interface MatchMember {
  id: string;
  username: string;
  globalName: string | null;
  nickname: string | null;
}

/** Which of the member's strings gave the best score ('note' when the character's notes named the member). */
export type MatchedAgainst = 'username' | 'globalName' | 'nickname' | 'note';

/** One scored (character, member) pair. */
export interface CharacterMatch {
  characterId: string;
  memberId: string;
  /** 0-1, rounded to three decimals so a band boundary is never missed by a rounding error. */
  score: number;
  matchedAgainst: MatchedAgainst;
  /** Why, for the operator: the string matched and the rule, or the note quoted. */
  evidence?: string;
}

/** A link that exists already. */
export interface ExistingLink {
  characterId: string;
  memberId: string;
}

/** A character linked already: its notes' alts follow it to its member, and its name counts as taken on its realm. */
export interface LinkedCharacter {
  name: string;
  realm: string | null;
  memberId: string;
}

/** Options of findMatches. */
export interface FindMatchesOptions {
  /** The guild's linked characters, so 'alt of Arthas' finds Arthas's member when Arthas is linked already. */
  linkedCharacters?: LinkedCharacter[];
  /** Pairs scoring below this are left out (default AUTO_LINK.minScore). */
  minScore?: number;
  /** Score only members that share a name bucket with the character (default true); false scores every pair. */
  prune?: boolean;
}
