import type { DomainEvent, EventBus } from '../../core/event-bus';
import { selectRoleSync } from './queries';
import type { RoleSyncDeps } from './role-sync-deps';
import { queueRoleSync } from './sync-roles';

/** The guild tenant whose roster an event changed, or null. */
function rosterGuildOf(event: DomainEvent): string | null {
  if (event.type === 'roster.marked') return event.guildId;
  if (event.type === 'character.linked' || event.type === 'character.unlinked') return event.link.guildId;
  return null;
}

/**
 * Queues a role sync of a guild with role sync on a few seconds after its roster changed (a member marked, a character
 * linked or unlinked), so a new trial or a raider who left the roster holds the right role without waiting for the
 * hourly run; a burst of links or marks within `settleMs` makes one sync. The unsubscribe function.
 */
export function followRosterChanges(
  deps: RoleSyncDeps,
  bus: EventBus,
  settleMs: number,
  onError: (error: unknown) => void,
): () => void {
  const waiting = new Map<string, NodeJS.Timeout>();
  const unsubscribe = bus.subscribe((event) => {
    const guildId = rosterGuildOf(event);
    if (!guildId || waiting.has(guildId)) return;
    const timer = setTimeout(() => {
      waiting.delete(guildId);
      void (async () => {
        if (!(await selectRoleSync(deps.db, guildId))?.is_enabled) return;
        await queueRoleSync(deps, guildId, { actor: { type: 'system' }, ip: null });
      })().catch(onError);
    }, settleMs);
    timer.unref();
    waiting.set(guildId, timer);
  });
  return () => {
    unsubscribe();
    for (const timer of waiting.values()) clearTimeout(timer);
    waiting.clear();
  };
}
