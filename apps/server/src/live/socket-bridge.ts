import { communityGuildRoom, dataSourcesRoom, memberSyncRoom } from '@guildhall/contract';
import type { EventBus } from '../core/event-bus';
import {
  ACCOUNTS_ROOM,
  ADMINS_ROOM,
  type AdminNamespace,
  FULL_ACCESS_ROOM,
  sessionRoom,
  USER_ADMINS_ROOM,
} from './admin-namespace';
import type { CommunityNamespace } from './community-namespace';
import { forcedLogoutEvent } from './session-watch';

/**
 * The one place domain events become socket pushes. Monitoring observations (metrics, service states) go to
 * this process's clients only: every process watches the same services, so sending them across would repeat
 * them once per process. Rule alerts (stored once), their acknowledgement and resolution, and session endings
 * go through the adapter, because the admins (or the session's socket) may live on another process.
 */
export function bridgeEventsToSockets(bus: EventBus, nsp: AdminNamespace, community: CommunityNamespace): () => void {
  return bus.subscribe((event) => {
    switch (event.type) {
      case 'metrics.sampled':
        nsp.local.to('monitoring').emit('metrics:update', event.snapshot);
        return;
      case 'service.status-changed':
        nsp.local.to('monitoring').emit('service:status', event.overview);
        return;
      case 'alert.raised': {
        // A rule's alert is stored once, by the process that saw the rule start holding: through the adapter, so
        // the admins connected to every process hear it. A notice (no rule) is each process's own observation.
        const isRuleAlert = 'ruleId' in event.alert && event.alert.ruleId !== null;
        const to = isRuleAlert ? nsp : nsp.local;
        // Each client hears an alert once: on alerts:new when it watches monitoring, else as admin:critical
        // (critical ones only) so that no signed-in admin misses those.
        to.to('monitoring').emit('alerts:new', event.alert);
        if (event.alert.severity === 'critical') to.to(ADMINS_ROOM).except('monitoring').emit('admin:critical', event.alert);
        return;
      }
      case 'alert.acknowledged':
        nsp.to('monitoring').emit('alerts:acknowledged', { id: event.alertId });
        return;
      case 'alert.resolved':
        nsp.to('monitoring').emit('alerts:resolved', { id: event.alertId, resolvedAt: event.resolvedAt });
        return;
      // A sync runs on one process while its watchers may be connected to another: through the adapter.
      case 'member-sync.progressed':
        nsp.to(memberSyncRoom(event.progress.guildId)).emit('sync:progress', event.progress);
        return;
      case 'member-sync.completed':
        nsp.to(memberSyncRoom(event.completed.guildId)).emit('sync:completed', event.completed);
        return;
      case 'member-sync.failed':
        nsp.to(memberSyncRoom(event.failed.guildId)).emit('sync:failed', event.failed);
        return;
      // A bulk update runs on one process while the accounts screen may be connected to another: through the adapter.
      case 'player-bulk.progressed':
        nsp.to(ACCOUNTS_ROOM).emit('players:bulk-progress', event.job);
        return;
      case 'ml-export.progressed':
        nsp.to(FULL_ACCESS_ROOM).emit('ml:export-progress', event.progress);
        return;
      case 'player-bulk.finished':
        nsp.to(ACCOUNTS_ROOM).emit('players:bulk-finished', event.job);
        return;
      // Through the adapter: the alert is raised on one process, the admins may be connected to another.
      case 'admin.alert':
        nsp.to(USER_ADMINS_ROOM).emit('admin:event', {
          type: 'admin:alert',
          message: event.message,
          timestamp: new Date().toISOString(),
          notificationId: event.notificationId,
        });
        return;
      // An answer is stored by one process while the guild's calendars may be open on another: through the adapter.
      case 'raid.answered': {
        const { raidId, userId, status } = event.answer;
        community.to(communityGuildRoom(event.answer.discordGuildId)).emit('raid:answered', { raidId, userId, status });
        return;
      }
      case 'raid.composition-changed': {
        const { raidId, version, discordGuildId } = event.composition;
        community.to(communityGuildRoom(discordGuildId)).emit('raid:composition', { raidId, version });
        return;
      }
      case 'loot.changed': {
        const { change, raidId, discordGuildId } = event.loot;
        community.to(communityGuildRoom(discordGuildId)).emit('loot:changed', { change, raidId });
        return;
      }
      // A sync runs on one process while the Sources screens (admins', officers') may be open on another.
      case 'data-source.progressed': {
        const room = dataSourcesRoom(event.progress.guildId);
        nsp.to(room).emit('data-sources:progress', event.progress);
        community.to(room).emit('data-sources:progress', event.progress);
        return;
      }
      case 'admin-sessions.ended':
        for (const sessionId of event.sessionIds) {
          const room = sessionRoom(sessionId);
          // The session's own logout just closes its sockets; any other ending tells the admin why.
          if (event.reason !== 'logout') {
            nsp.to(room).emit('admin:event', forcedLogoutEvent());
          }
          nsp.in(room).disconnectSockets();
        }
        return;
    }
  });
}
