import type { DataSourceProgress, SyncCompleted, SyncFailed, SyncProgress } from '@guildhall/contract';
import type { AdminSocket } from './admin-socket';

/** What a screen hears about one guild's member syncs. */
export interface MemberSyncListener {
  onProgress?: (progress: SyncProgress) => void;
  onCompleted?: (completed: SyncCompleted) => void;
  onFailed?: (failed: SyncFailed) => void;
}

/** What a Sources screen hears about one guild's syncs of its sources (the job as it stands). */
export type DataSourcesListener = (progress: DataSourceProgress) => void;

/** The rooms a screen joins to hear one guild's events, by the event that joins and the one that leaves. */
type GuildRoom =
  | { join: 'subscribe:member-sync'; leave: 'unsubscribe:member-sync' }
  | { join: 'subscribe:data-sources'; leave: 'unsubscribe:data-sources' };

/**
 * The screens watching one kind of a guild's events, per guild. The server sends them only to the room of a guild
 * the socket joined, so the room is joined while anyone watches it, again after each reconnect, and left after the
 * last watcher goes.
 */
export class GuildRoomWatchers<Listener> {
  private readonly byGuild = new Map<string, Set<Listener>>();
  private socket: AdminSocket | null = null;

  /** `forward` hands the socket's events of this kind to `notify`, by their guild. */
  constructor(
    private readonly room: GuildRoom,
    private readonly forward: (socket: AdminSocket, notify: GuildRoomWatchers<Listener>['notify']) => void,
  ) {}

  /** Starts forwarding the socket's events to the watchers of their guild. */
  attach(socket: AdminSocket): void {
    this.socket = socket;
    this.forward(socket, (guildId, call) => this.notify(guildId, call));
  }

  /** The socket is gone; watchers stay and join again on the next one. */
  detach(): void {
    this.socket = null;
  }

  /** Joins the room of every watched guild; called on each (re)connect, as rooms do not survive a reconnect. */
  joinAll(): void {
    for (const guildId of this.byGuild.keys()) this.join(guildId);
  }

  /** Watches one guild until the returned function is called. */
  watch(guildId: string, listener: Listener): () => void {
    let listeners = this.byGuild.get(guildId);
    if (!listeners) {
      listeners = new Set();
      this.byGuild.set(guildId, listeners);
      this.join(guildId);
    }
    listeners.add(listener);
    return () => {
      const current = this.byGuild.get(guildId);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.byGuild.delete(guildId);
      if (this.socket?.connected) this.socket.emit(this.room.leave, { guildId });
    };
  }

  /** Hands an event of the guild to each of its watchers. */
  notify(guildId: string, call: (listener: Listener) => void): void {
    for (const listener of this.byGuild.get(guildId) ?? []) call(listener);
  }

  private join(guildId: string): void {
    if (this.socket?.connected) this.socket.emit(this.room.join, { guildId });
  }
}

/** The member syncs' watchers (Character Discovery, the guild data view). */
export const memberSyncWatchers = () =>
  new GuildRoomWatchers<MemberSyncListener>(
    { join: 'subscribe:member-sync', leave: 'unsubscribe:member-sync' },
    (socket, notify) => {
      socket.on('sync:progress', (progress) => notify(progress.guildId, (listener) => listener.onProgress?.(progress)));
      socket.on('sync:completed', (done) => notify(done.guildId, (listener) => listener.onCompleted?.(done)));
      socket.on('sync:failed', (failed) => notify(failed.guildId, (listener) => listener.onFailed?.(failed)));
    },
  );

/** The Sources tab's watchers: each sync's job as it moves on. */
export const dataSourcesWatchers = () =>
  new GuildRoomWatchers<DataSourcesListener>(
    { join: 'subscribe:data-sources', leave: 'unsubscribe:data-sources' },
    (socket, notify) => {
      socket.on('data-sources:progress', (progress) => notify(progress.guildId, (listener) => listener(progress)));
    },
  );
