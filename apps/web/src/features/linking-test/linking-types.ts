import type { CharacterSourceType, LinkPriority, OperationStatus, WowClass } from '@guildhall/contract';

/** A game character of the test page (spec 2 §3 "Character (linking)"). */
export interface SampleCharacter {
  id: string;
  name: string;
  level: number;
  class: WowClass;
  spec: string;
  server: string;
  itemLevel: { overall: number; equipped: number } | null;
  armoryAvatarUrl: string;
  lastActivityDate: string | null;
  sources: { sourceType: CharacterSourceType; occurrenceCount: number }[];
  /** The simulation's failure flag: linking fails this many times ('always': every time), with `failureReason`. */
  failLinks?: number | 'always';
  failureReason?: string;
}

/** A character linked to a chat user (spec 2 §3 "Linked character"). */
export interface SampleLinkedCharacter {
  id: string;
  name: string;
  class: WowClass;
  spec: string;
  level: number;
  server: string;
  linkId: string;
  priority: LinkPriority;
  confidence: number;
  linkType: 'manual';
  linkedAt: string;
  isPrimary: boolean;
}

/** A chat-platform user of the test page (spec 2 §3 "Chat user"). */
export interface SampleChatUser {
  id: string;
  username: string;
  globalName: string | null;
  displayName: string;
  /** "0" for the new-style names: not shown. */
  discriminator: string;
  avatar: string | null;
  lastLogin: string;
  isActive: boolean;
  verified: boolean;
  linkedCharacters: SampleLinkedCharacter[];
}

/** Everything the simulation changes: the characters, the users and their links, and the failures still due. */
export interface LinkingData {
  characters: SampleCharacter[];
  users: SampleChatUser[];
  /** Failures still due per character id (from failLinks); 'always' never runs out. */
  failuresLeft: Record<string, number | 'always'>;
  /** Numbers new link ids. */
  nextLinkNumber: number;
}

/** A simulated operation. */
export type OperationKind = 'link' | 'unlink';

/** What the simulation did with one operation. */
export interface OperationOutcome {
  data: LinkingData;
  status: Extract<OperationStatus, 'success' | 'error' | 'warning'>;
  message: string;
}
