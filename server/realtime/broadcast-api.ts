import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { writeAllowed } from './authorize.ts';
import { clientIp } from '../http/client-ip.ts';
import { CountFirstLimit } from '../http/count-first.ts';
import { TokenError, verifyRealtimeToken, type VerifiedToken } from './tokens.ts';

export interface BroadcastApiOptions {
  /** Messages a second from one client address (Supabase's per-project rate, here per client). */
  messagesPerClientPerSecond?: number;
  /** Messages a second into one topic, all clients together, so a flood of many reaches no channel whole. */
  messagesPerTopicPerSecond?: number;
  maxPayloadBytes?: number;
}

interface Outgoing {
  topic: string;
  event: string;
  payload: unknown;
  binary?: Buffer;
  isPrivate: boolean;
}

const bearer = (c: Context) => /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];

/** Each message as Supabase's BatchBroadcast changeset reads it, or the field errors. */
function readMessages(body: unknown): { messages: Outgoing[] } | { errors: unknown } {
  const list = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(list) || list.length === 0) return { errors: { messages: ["can't be blank"] } };
  const errors: Record<string, string[]>[] = [];
  const messages = list.map((item) => {
    const m = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const error: Record<string, string[]> = {};
    for (const field of ['topic', 'event'] as const) if (typeof m[field] !== 'string' || m[field] === '') error[field] = ["can't be blank"];
    if (typeof m.payload !== 'object' || m.payload === null || Array.isArray(m.payload)) error.payload = ["can't be blank"];
    errors.push(error);
    return { topic: String(m.topic), event: String(m.event), payload: m.payload, isPrivate: m.private === true };
  });
  return errors.some((e) => Object.keys(e).length) ? { errors: { messages: errors } } : { messages };
}

/**
 * Realtime's REST broadcast: `POST /api/broadcast` (a batch, realtime-js's send() before the
 * channel joined) and `POST /api/broadcast/:topic/events/:event` (httpSend, JSON or bytes). Public
 * messages are written to realtime.messages as the server; private ones as the caller, so the
 * INSERT policies decide and a refused message is dropped (Supabase answers 202 either way). The
 * database then delivers them (message-feed.ts), to every server on it.
 */
export function createBroadcastApi(ctx: ServerContext, options: BroadcastApiOptions = {}): Hono {
  const app = new Hono();
  // per client and per topic: one client's flood no longer uses up everyone's window
  const perClient = CountFirstLimit.perWindow('realtime.restPerClient', options.messagesPerClientPerSecond ?? 100, 1_000);
  const perTopic = CountFirstLimit.perWindow('realtime.restPerTopic', options.messagesPerTopicPerSecond ?? 200, 1_000);
  const maxBytes = options.maxPayloadBytes ?? 256 * 1024;

  async function caller(c: Context): Promise<VerifiedToken | Response> {
    const token = bearer(c) ?? c.req.header('apikey');
    if (!token) return c.json({ message: 'Unauthorized' }, 401);
    try {
      return await verifyRealtimeToken(ctx.keys, token);
    } catch (error) {
      if (error instanceof TokenError) return c.json({ message: error.message }, 401);
      throw error;
    }
  }

  async function deliver(c: Context, auth: VerifiedToken, messages: Outgoing[]): Promise<Response> {
    const client = clientIp(c, ctx.config.trustProxy);
    // each message is counted before it is judged, against its sender and its topic
    for (const m of messages) {
      if (!(await perClient.take(client)).admitted || !(await perTopic.take(m.topic)).admitted) return c.json({ message: 'Too many requests' }, 429);
    }
    for (const m of messages) {
      if (m.isPrivate) {
        await writeAllowed(ctx.db, m.topic, auth.claims, 'broadcast', { event: m.event, payload: m.payload, binary: m.binary });
      } else {
        await ctx.db.query(
          `insert into realtime.messages (topic, extension, event, payload, binary_payload, private)
           values ($1, 'broadcast', $2, $3::jsonb, $4, false)`,
          [m.topic, m.event, m.binary ? null : JSON.stringify(m.payload), m.binary ?? null],
        );
      }
    }
    return c.body(null, 202);
  }

  async function body(c: Context): Promise<Buffer | Response> {
    const bytes = Buffer.from(await c.req.arrayBuffer());
    return bytes.length > maxBytes ? c.json({ message: 'Payload size exceeds tenant limit' }, 413) : bytes;
  }

  app.post('/broadcast', async (c) => {
    const auth = await caller(c);
    if (auth instanceof Response) return auth;
    const raw = await body(c);
    if (raw instanceof Response) return raw;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      return c.json({ message: 'Request body is not JSON' }, 400);
    }
    const read = readMessages(parsed);
    if ('errors' in read) return c.json({ errors: read.errors }, 422);
    return deliver(c, auth, read.messages);
  });

  app.post('/broadcast/:topic/events/:event', async (c) => {
    const auth = await caller(c);
    if (auth instanceof Response) return auth;
    const raw = await body(c);
    if (raw instanceof Response) return raw;
    const isPrivate = c.req.query('private') === 'true';
    const message: Outgoing = { topic: c.req.param('topic'), event: c.req.param('event'), payload: null, isPrivate };
    if (/^application\/octet-stream/i.test(c.req.header('content-type') ?? '')) {
      message.binary = raw;
    } else {
      try {
        message.payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return c.json({ errors: { payload: ['is invalid'] } }, 422);
      }
      if (typeof message.payload !== 'object' || message.payload === null) return c.json({ errors: { payload: ['is invalid'] } }, 422);
    }
    return deliver(c, auth, [message]);
  });

  return app;
}
