import type {
  AlertEvidence,
  BulkUpdateJob,
  DataSourceProgress,
  ExportProgress,
  HealthOverview,
  LinkType,
  LootChangeKind,
  MetricSample,
  MetricsSnapshot,
  ServiceName,
  SignupStatus,
  StoredAlert,
  SyncCompleted,
  SyncFailed,
  SyncProgress,
} from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';

/** Why a session ended before it expired. Only "logout" is the session's own doing. */
export type SessionEndReason =
  | 'logout'
  | 'password_changed'
  | 'password_reset'
  | 'revoked_by_admin'
  | 'ended_by_admin'
  | 'account_disabled'
  | 'account_deleted';

/** What happened in the domain; routes and background work publish these and never emit to sockets. */
export type DomainEvent =
  /** isStored is false when PostgreSQL could not be reached: the alert exists only in this event. */
  | { type: 'alert.raised'; alert: StoredAlert; isStored: boolean; evidence: AlertEvidence | null }
  | { type: 'alert.acknowledged'; alertId: string }
  /** A stored alert's rule stopped holding (or was disabled). */
  | { type: 'alert.resolved'; alertId: string; resolvedAt: string }
  | { type: 'service.status-changed'; service: ServiceName; from: string | null; to: string; overview: HealthOverview }
  | { type: 'metrics.sampled'; snapshot: MetricsSnapshot }
  /** Every METRICS_SAMPLE_MS: this process's sample of every catalogued metric (history, alert rules). */
  | { type: 'metrics.recorded'; sample: MetricSample }
  | { type: 'admin-sessions.ended'; sessionIds: string[]; reason: SessionEndReason }
  /** An account security event for the admins who manage users (admin:alert in their bell). */
  | { type: 'admin.alert'; message: string; notificationId: string }
  | { type: 'guilds.changed'; change: GuildChange; guildIds: string[] }
  | { type: 'member-sync.progressed'; progress: SyncProgress }
  | { type: 'member-sync.completed'; completed: SyncCompleted }
  | { type: 'member-sync.failed'; failed: SyncFailed }
  | { type: 'character.linked'; link: CharacterLinkChange }
  | { type: 'character.unlinked'; link: CharacterLinkChange }
  | { type: 'player-bulk.progressed'; job: BulkUpdateJob }
  | { type: 'player-bulk.finished'; job: BulkUpdateJob }
  | { type: 'ml-export.progressed'; progress: ExportProgress }
  /** A member answered a raid, changed their answer or withdrew it (status null). */
  | { type: 'raid.answered'; answer: RaidAnswerChange }
  /** Officers planned, edited or cancelled raids (committed): the Discord raid posts follow. */
  | { type: 'raid.changed'; change: RaidPlanChange }
  /** An officer changed a raid's composition board (a seat, the bench, its publication). */
  | { type: 'raid.composition-changed'; composition: RaidCompositionChange }
  /** An officer marked a member of the guild tenant a trial or inactive, or cleared it (role sync follows). */
  | { type: 'roster.marked'; guildId: string; memberId: string }
  /** An officer recorded loot (an award, a correction, a council vote or outcome, a credit, new settings). */
  | { type: 'loot.changed'; loot: LootChange }
  /** A sync of a guild's sources saved a step, succeeded or failed. */
  | { type: 'data-source.progressed'; progress: DataSourceProgress };

/** What happened to guild tenants: the tenant itself, or (data-deleted) everything it owns. */
export type GuildChange = 'created' | 'updated' | 'deleted' | 'activated' | 'deactivated' | 'data-deleted';

/** A character link made or removed, and how: by hand, by the matcher, or claimed by the player. */
export interface CharacterLinkChange {
  guildId: string;
  linkId: string;
  characterId: string;
  memberId: string;
  origin: LinkType;
}

/** A member's answer to a raid as it changed: which guild (tenant and Discord server), raid and member. */
export interface RaidAnswerChange {
  guildId: string;
  discordGuildId: string;
  raidId: string;
  userId: string;
  status: SignupStatus | null;
}

/** Raids an officer planned, edited or cancelled, in which guild (tenant and Discord server). */
export interface RaidPlanChange {
  guildId: string;
  discordGuildId: string;
  raidIds: string[];
  kind: 'planned' | 'edited' | 'cancelled';
}

/** A raid's composition board as it changed: which guild (tenant and Discord server), raid, and the board's new version. */
export interface RaidCompositionChange {
  guildId: string;
  discordGuildId: string;
  raidId: string;
  version: number;
}

/** A guild's loot as it changed: which guild (tenant and Discord server), what kind of change, and its raid if any. */
export interface LootChange {
  guildId: string;
  discordGuildId: string;
  change: LootChangeKind;
  raidId: string | null;
}

/** The in-process event bus. Subscribers run synchronously; one failing does not stop the others. */
export interface EventBus {
  publish(event: DomainEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(handler: (event: DomainEvent) => void): () => void;
}

/** A new bus; handler failures are logged, never thrown back at the publisher. */
export function createEventBus(log: FastifyBaseLogger): EventBus {
  const handlers = new Set<(event: DomainEvent) => void>();
  return {
    publish(event) {
      for (const handler of handlers) {
        try {
          handler(event);
        } catch (error) {
          log.error({ err: error, event: event.type }, 'event handler failed');
        }
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}
