import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { clientAddress } from '../http/client-ip.ts';
import type { ServerContext } from '../context.ts';
import { Connection, type ConnectionLimits } from './connection.ts';
import { DEFAULT_EVALUATION, type EvaluationOptions } from './evaluate.ts';
import type { FeedOptions } from './feed.ts';
import { DEFAULT_LIMITS, SubscriptionBudget, type SubscriptionLimits } from './limits.ts';
import { parseVsn } from './protocol.ts';
import { RealtimeService } from './service.ts';
import { MessageFeed, type MessageFeedOptions } from './message-feed.ts';
import { DEFAULT_BROADCAST_LIMITS, type BroadcastLimits } from './rates.ts';
import { Rooms } from './rooms.ts';
import { TokenError, verifyRealtimeToken } from './tokens.ts';
import { log } from '../observability/log.ts';
import { SESSION_ENDED } from '../http/live-sessions.ts';

export { syncCaptureTriggers } from './capture.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeOptions extends Partial<ConnectionLimits> {
  /** A client silent this long (realtime-js heartbeats every 25 s) is disconnected, as Phoenix does. */
  idleTimeoutMs?: number;
  maxFrameBytes?: number;
  feed?: FeedOptions;
  subscriptions?: Partial<SubscriptionLimits>;
  evaluation?: Partial<EvaluationOptions>;
  broadcast?: Partial<BroadcastLimits>;
  messages?: MessageFeedOptions;
  /** Logs and counts each upgrade request once answered (the HTTP request log's line for it). */
  observeUpgrade?: (req: IncomingMessage) => (status: number, role?: string) => void;
}

export interface RealtimeHandle {
  /** Open websockets (for metrics). */
  readonly sockets: number;
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, error: string): void {
  const body = JSON.stringify({ error });
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 503: 'Service Unavailable' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
      + `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * Supabase Realtime's postgres_changes over a websocket at /realtime/v1/websocket on the given
 * HTTP server. Changes come from the capture trigger's queue (see feed.ts), not from the API
 * layer, so rows written by triggers or other services are delivered too.
 */
export function attachRealtime(server: Server, ctx: ServerContext, options: RealtimeOptions = {}): RealtimeHandle {
  const limits: ConnectionLimits = {
    maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
    maxPendingMessages: options.maxPendingMessages ?? 100,
  };
  const budget = new SubscriptionBudget({ ...DEFAULT_LIMITS, ...options.subscriptions });
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const service = new RealtimeService(ctx.db, ctx.keys, options.feed, { ...DEFAULT_EVALUATION, ...options.evaluation },
    (claims) => ctx.sessions.state(claims), ctx.config.jwtExpirySeconds);
  const stopEnding = ctx.sessions.onEnd((sessionId) => void service.endSession(sessionId));
  ctx.onSchemaChange(() => service.catalog.clear());
  // DATABASE_URL may be shared by several servers of the site: broadcasts then travel between them.
  const shared = ctx.config.databaseUrl !== undefined;
  const rooms = new Rooms(ctx.db, { ...DEFAULT_BROADCAST_LIMITS, ...options.broadcast }, shared);
  const messages = new MessageFeed(ctx.db, rooms, options.messages);
  const ready = Promise.all([service.feed.start(), messages.start(), rooms.bus?.start()]).then(() => undefined);
  ready.catch((error: unknown) => log.error({ err: error }, '[realtime] could not start the change feed'));

  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes ?? 256 * 1024 });
  const connections = new Set<Connection>();
  let closing = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) {
      // Leave other upgrade paths to other listeners (a dev server's HMR), if there are any.
      if (server.listeners('upgrade').length === 1) {
        options.observeUpgrade?.(req)(404);
        refuse(socket, 404, 'Not found');
      }
      return;
    }
    const observed = options.observeUpgrade?.(req);
    const answer = (status: number, error: string) => {
      observed?.(status);
      refuse(socket, status, error);
    };
    socket.on('error', () => socket.destroy());
    if (closing) return answer(503, 'Server is shutting down');
    const vsn = parseVsn(url.searchParams.get('vsn'));
    if (!vsn) return answer(400, 'Unsupported protocol version (vsn): use 1.0.0 or 2.0.0');
    const header = req.headers['x-api-key'];
    const token = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : undefined);
    if (!token) return answer(401, 'No API key found in request');
    verifyRealtimeToken(ctx.keys, token, ctx.config.jwtExpirySeconds).then(async (auth) => {
      if ((await ctx.sessions.state(auth.claims)) === 'ended') throw new TokenError(SESSION_ENDED);
      return auth;
    }).then(
      (auth) => {
        if (closing || socket.destroyed) {
          observed?.(499);
          return socket.destroy();
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          observed?.(101, String(auth.claims.role));
          const connection = new Connection(ws, vsn, auth, service, ready, limits, budget, clientAddress(req, ctx.config.trustProxy), rooms);
          connections.add(connection);
          ws.on('close', () => connections.delete(connection));
        });
      },
      (error: unknown) => {
        if (error instanceof TokenError) return answer(403, error.message);
        log.error({ err: error }, '[realtime] verifying the connection token failed');
        answer(500, 'Internal error');
      },
    );
  };
  server.on('upgrade', onUpgrade);

  const sweeper = setInterval(() => {
    const cutoff = Date.now() - idleTimeoutMs;
    for (const connection of connections) {
      if (connection.lastSeen < cutoff) {
        connection.terminate();
        connections.delete(connection);
      }
    }
  }, Math.min(idleTimeoutMs, 10_000));
  sweeper.unref();

  // a key retired with --now (npm run keys) ends the channels its tokens joined within a second
  let keyGeneration = ctx.keys.generation;
  const keyWatch = setInterval(() => {
    if (ctx.keys.generation === keyGeneration) return;
    keyGeneration = ctx.keys.generation;
    for (const connection of connections) {
      connection.recheckTokens(ctx.keys).catch((error: unknown) => log.error({ err: error }, '[realtime] re-verifying tokens failed'));
    }
  }, 1_000);
  keyWatch.unref();

  return {
    get sockets() {
      return connections.size;
    },
    async close() {
      clearInterval(keyWatch);
      closing = true;
      stopEnding();
      server.off('upgrade', onUpgrade);
      clearInterval(sweeper);
      for (const connection of connections) connection.close(1001, 'server shutting down');
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await ready.catch(() => undefined);
      await service.feed.stop();
      await messages.stop();
      await rooms.bus?.stop();
    },
  };
}
