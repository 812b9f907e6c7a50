import {
  AUDIT_ACTIONS,
  type AuditAction,
  type CompositionSlot,
  type OwnCharacter,
  RAID_DIFFICULTIES,
  type RaidComposition,
  type RaidDifficulty,
  type RaidHistoryEntry,
  type RaidRole,
  type RaidSignup,
  type RaidSummary,
  type RaidTemplate,
  SERIES_SCOPES,
  type SeriesScope,
  type SignupStatus,
} from '@guildhall/contract';
import type { CompositionStateRow, PlacementRow } from './composition-queries';
import type { RaidRow } from './raid-queries';
import type { OwnCharacterRow, RaidHistoryRow, SignupRow } from './signup-queries';
import type { TemplateRow } from './template-queries';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A raid as the calendar shows it, with the caller's own answer. */
export function presentRaid(row: RaidRow): RaidSummary {
  return {
    id: row.id,
    name: row.name,
    instance: row.instance,
    difficulty: row.difficulty,
    startsAt: row.starts_at.toISOString(),
    endsAt: iso(row.ends_at),
    signupDeadline: iso(row.signup_deadline),
    signupsCloseAt: row.signups_close_at.toISOString(),
    leader: row.leader_user_id ? { userId: row.leader_user_id, name: row.leader_name ?? '' } : null,
    size: row.size,
    seats: { tanks: row.tanks, healers: row.healers, melee: row.melee, ranged: row.ranged },
    filled: { tanks: row.filled_tanks, healers: row.filled_healers, melee: row.filled_melee, ranged: row.filled_ranged },
    answers: { accept: row.accept, tentative: row.tentative, late: row.late, bench: row.bench, absent: row.absent },
    myAnswer: row.my_status
      ? presentSignup({
          user_id: row.my_user_id ?? '',
          member_name: row.my_name ?? '',
          status: row.my_status,
          late_minutes: row.my_late_minutes,
          character_id: row.my_character_id,
          character_name: row.my_character_name,
          character_class: row.my_character_class,
          role: row.my_role,
          spec: row.my_spec,
          comment: row.my_comment ?? '',
          updated_at: row.my_updated_at ?? new Date(0),
          by_availability: row.my_by_availability ?? false,
        })
      : null,
    notes: row.notes,
    seriesId: row.series_id,
    cancelledAt: iso(row.cancelled_at),
    cancelReason: row.cancel_reason,
    version: row.version,
  };
}

/** One member's answer. */
export function presentSignup(row: SignupRow): RaidSignup {
  return {
    userId: row.user_id,
    name: row.member_name,
    status: row.status as SignupStatus,
    lateMinutes: row.late_minutes,
    character:
      row.character_id && row.character_name
        ? { id: row.character_id, name: row.character_name, class: row.character_class ?? '' }
        : null,
    role: row.role as RaidRole | null,
    spec: row.spec,
    comment: row.comment,
    updatedAt: row.updated_at.toISOString(),
    byAvailability: row.by_availability,
  };
}

/** One officer change, with the catalog's label and no more of the audit record than members may read. */
export function presentHistory(row: RaidHistoryRow): RaidHistoryEntry {
  const scope = row.details.scope;
  return {
    action: row.action,
    label: AUDIT_ACTIONS[row.action as AuditAction] ?? row.action,
    actor: row.actor_name,
    at: row.created_at.toISOString(),
    changes: Array.isArray(row.details.changes) ? row.details.changes.map(String) : [],
    reason: typeof row.details.reason === 'string' ? row.details.reason : null,
    scope: SERIES_SCOPES.includes(scope as SeriesScope) ? (scope as SeriesScope) : null,
  };
}

/** A template. */
export function presentTemplate(row: TemplateRow): RaidTemplate {
  return {
    id: row.id,
    name: row.name,
    instance: row.instance,
    difficulty: (RAID_DIFFICULTIES as readonly string[]).includes(row.difficulty) ? (row.difficulty as RaidDifficulty) : 'Normal',
    size: row.size,
    seats: { tanks: row.tanks, healers: row.healers, melee: row.melee, ranged: row.ranged },
    startTime: row.start_time,
    durationMinutes: row.duration_minutes,
    signupDeadlineMinutes: row.signup_deadline_minutes,
    notes: row.notes,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One of the caller's characters. */
export const presentOwnCharacter = (row: OwnCharacterRow): OwnCharacter => ({
  id: row.id,
  name: row.name,
  realm: row.realm,
  class: row.class,
  spec: row.spec,
  role: row.role,
  isPrimary: row.is_primary,
});

/** A raid's composition board. */
export function presentComposition(
  raidId: string,
  state: CompositionStateRow,
  placements: readonly PlacementRow[],
  benchCounts: readonly { user_id: string; benched: number }[],
): RaidComposition {
  return {
    raidId,
    version: state.composition_version,
    publishAt: iso(state.composition_publish_at),
    isPublished: state.is_published,
    placements: placements.map((row) => ({ userId: row.user_id, slot: row.slot as CompositionSlot })),
    benchCounts: Object.fromEntries(benchCounts.map((row) => [row.user_id, row.benched])),
  };
}
