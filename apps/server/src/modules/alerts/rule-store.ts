import type { Queryable } from '../../services/db/db';
import { type AlertRuleRow, selectAlertRules } from './queries';

/** How long the engine trusts its copy of the rules: another process's edit reaches this one within it. */
export const RULE_CACHE_MS = 30_000;

/** The alert rules the engine evaluates, read from the database and cached; an edit here invalidates the copy. */
export class AlertRuleStore {
  private cached: { rules: AlertRuleRow[]; readAt: number } | null = null;
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  /** The rules; while the database cannot be read, the last copy (the database being down is an alert of its own). */
  async list(): Promise<AlertRuleRow[]> {
    if (this.cached && this.now() - this.cached.readAt < RULE_CACHE_MS) return this.cached.rules;
    const generation = this.generation;
    try {
      const rules = await selectAlertRules(this.db);
      // A read that began before an edit's invalidation may hold the old rule: keep it for this evaluation only.
      if (generation === this.generation) this.cached = { rules, readAt: this.now() };
      return rules;
    } catch (error) {
      if (this.cached) return this.cached.rules;
      throw error;
    }
  }

  /** Forgets the copy, so the next evaluation reads the rules again. */
  invalidate() {
    this.generation += 1;
    if (this.cached) this.cached = { rules: this.cached.rules, readAt: Number.NEGATIVE_INFINITY };
  }
}
