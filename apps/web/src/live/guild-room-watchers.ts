import type { SyncCompleted, SyncFailed, SyncProgress } from '@guildhall/contract';
import type { AdminSocket } from './admin-socket';

/** What a screen hears about one guild's member syncs. */
export interface MemberSyncListener {
  onProgress?: (progress: SyncProgress) => void;
  onCompleted?: (completed: SyncCompleted) => void;
  onFailed?: (failed: SyncFailed) => void;
}

/**
 * The screens watching member syncs, per guild. The server sends sync events only to the room of a guild the
 * socket joined, so the room is joined while anyone watches it, again after each reconnect, and left after the
 * last watcher goes.
 */
export class MemberSyncWatchers {
  private readonly byGuild = new Map<string, Set<MemberSyncListener>>();
  private socket: AdminSocket | null = null;

  /** Starts forwarding the socket's sync events to the watchers of their guild. */
  attach(socket: AdminSocket): void {
    this.socket = socket;
    socket.on('sync:progress', (progress) => this.notify(progress.guildId, (listener) => listener.onProgress?.(progress)));
    socket.on('sync:completed', (done) => this.notify(done.guildId, (listener) => listener.onCompleted?.(done)));
    socket.on('sync:failed', (failed) => this.notify(failed.guildId, (listener) => listener.onFailed?.(failed)));
  }

  /** The socket is gone; watchers stay and join again on the next one. */
  detach(): void {
    this.socket = null;
  }

  /** Joins the room of every watched guild; called on each (re)connect, as rooms do not survive a reconnect. */
  joinAll(): void {
    for (const guildId of this.byGuild.keys()) this.join(guildId);
  }

  /** Watches one guild's syncs until the returned function is called. */
  watch(guildId: string, listener: MemberSyncListener): () => void {
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
      if (this.socket?.connected) this.socket.emit('unsubscribe:member-sync', { guildId });
    };
  }

  private join(guildId: string): void {
    if (this.socket?.connected) this.socket.emit('subscribe:member-sync', { guildId });
  }

  private notify(guildId: string, call: (listener: MemberSyncListener) => void): void {
    for (const listener of this.byGuild.get(guildId) ?? []) call(listener);
  }
}
