import type { Queryable } from '../../services/db/db';
import type { KnownCharacter, PlannedCharacter } from './plan-characters';
import { insertCharacters, updateCharacters } from './queries';

/** What the writes made: the characters created, and the plans of the ones changed. */
export interface WrittenPlans {
  created: KnownCharacter[];
  changed: PlannedCharacter[];
}

/**
 * Writes the merge's verdicts, many characters per statement: the new ones created with what their source gave, the
 * changed ones updated field by field. Unchanged ones are not touched (a sync of nothing new writes nothing).
 */
export async function writePlans(
  tx: Queryable,
  guildId: string,
  plans: readonly PlannedCharacter[],
  at: Date,
): Promise<WrittenPlans> {
  const created = await insertCharacters(
    tx,
    guildId,
    plans
      .filter((plan) => plan.status === 'new')
      .map((plan) => ({
        name: plan.observation.name,
        realm: plan.observation.realm,
        class: plan.observation.className,
        ...plan.changes,
      })),
  );
  const changed = plans.filter((plan) => plan.status === 'changed');
  await updateCharacters(
    tx,
    changed.map((plan) => ({ id: plan.existing!.id, changes: plan.changes, isBack: plan.isBack })),
    at,
  );
  return { created, changed };
}

/** The ids of what a write created or changed: the characters a roster-like source saw anew. */
export const touchedIds = ({ created, changed }: WrittenPlans) => [
  ...created.map((character) => character.id),
  ...changed.map((plan) => plan.existing!.id),
];
