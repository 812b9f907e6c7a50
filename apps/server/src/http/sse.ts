import type { FastifyReply, FastifyRequest } from 'fastify';

/** A server-sent event stream to one client. */
export interface EventStream {
  /** Sends one event; false (and the stream closed) when the client has fallen too far behind. */
  send(event: string, data: unknown): boolean;
  /** Runs once when the stream ends, whoever ends it. */
  onClose(handler: () => void): void;
  close(): void;
  readonly isClosed: boolean;
}

/** Bytes a client may leave unread before it is dropped: a slow reader is cut off, never buffered without bound. */
export const SSE_MAX_BUFFERED_BYTES = 256 * 1024;
/** A comment line this often keeps proxies from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 15_000;

/**
 * Takes the reply over for a text/event-stream. Call it from a route handler after the route's guards ran; Fastify no
 * longer serialises this reply, and the stream ends when the client goes away, falls behind, or close() is called.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { maxBufferedBytes?: number; heartbeatMs?: number } = {},
): EventStream {
  const maxBuffered = options.maxBufferedBytes ?? SSE_MAX_BUFFERED_BYTES;
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');

  const closeHandlers: (() => void)[] = [];
  let isClosed = false;
  const heartbeat = setInterval(() => {
    if (!isClosed) raw.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? SSE_HEARTBEAT_MS);
  heartbeat.unref();

  function finish() {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    for (const handler of closeHandlers.splice(0)) {
      try {
        handler();
      } catch (error) {
        request.log.error({ err: error }, 'event stream close handler failed');
      }
    }
    if (!raw.writableEnded) raw.end();
  }
  raw.on('close', finish);
  raw.on('error', finish);

  return {
    send(event, data) {
      if (isClosed) return false;
      if (raw.writableLength > maxBuffered) {
        request.log.warn({ buffered: raw.writableLength }, 'event stream client too slow: dropped');
        finish();
        raw.destroy();
        return false;
      }
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      return true;
    },
    onClose(handler) {
      if (isClosed) handler();
      else closeHandlers.push(handler);
    },
    close: finish,
    get isClosed() {
      return isClosed;
    },
  };
}
