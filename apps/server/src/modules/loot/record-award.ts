import type { LootAward, RecordAwardInput } from '@guildhall/contract';
import type { LootDeps } from './loot-deps';
import type { LootMember } from './loot-member';
import { writeAward } from './write-award';

/** Records one award (loot.manage) in a transaction of its own; see writeAward for its rules. */
export async function recordAward(
  deps: LootDeps,
  member: LootMember,
  input: RecordAwardInput & { dropNumber: number; response: string; note: string },
): Promise<LootAward> {
  return deps.db.transaction((tx) => writeAward(tx, member, input));
}
