import { ADMIN_NAMESPACE, type AdminClientEvents, type AdminServerEvents } from '@guildhall/contract';
import { io, type Socket } from 'socket.io-client';

/** A client of the /admin namespace, typed by the contract. */
export type AdminLiveClient = Socket<AdminServerEvents, AdminClientEvents>;

/** Opens /admin with the given Cookie header, as a browser on the same site would; no automatic reconnects. */
export function connectAdmin(baseUrl: string, cookieHeader?: string): AdminLiveClient {
  return io(`${baseUrl}${ADMIN_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookieHeader ? { cookie: cookieHeader } : {},
  });
}

/** The next payload of one server event, or a rejection after timeoutMs. */
export function nextEvent<E extends keyof AdminServerEvents>(
  socket: AdminLiveClient,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<AdminServerEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload as Parameters<AdminServerEvents[E]>[0]);
    };
    (socket as unknown as { once(name: string, fn: (payload: unknown) => void): void }).once(event as string, listener);
  });
}

/** Resolves with the refusal of a connection attempt (its message comes from the server's middleware). */
export function connectionRefusal(socket: AdminLiveClient, timeoutMs = 5000): Promise<Error> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the connection was not refused')), timeoutMs);
    socket.once('connect', () => reject(new Error('the connection was accepted')));
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      resolve(error);
    });
  });
}

/** Resolves when the server ends the connection. */
export function disconnection(socket: AdminLiveClient, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
