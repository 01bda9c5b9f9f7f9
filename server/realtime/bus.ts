import { randomUUID } from 'node:crypto';
import type { Db } from '../db/adapter.ts';
import { log } from '../observability/log.ts';
import type { PresenceMeta } from './presence.ts';
import { BinaryPayload } from './protocol.ts';

export const BUS_CHANNEL = 'realtime_bus';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a larger message goes through a row. */
const MAX_NOTIFY_BYTES = 7900;
/** Every server says it is alive this often; one not heard from for GONE_MS has its presences dropped. */
const ALIVE_MS = 10_000;
const GONE_MS = 30_000;

type Message =
  | { kind: 'broadcast'; room: string; payload: Record<string, unknown>; binary?: string }
  | { kind: 'track'; room: string; key: string; owner: string; meta: PresenceMeta }
  | { kind: 'untrack'; room: string; key: string; owner: string }
  | { kind: 'hello' | 'alive' | 'bye' }
  /** A message kept in realtime.bus_messages, too large to travel in the NOTIFY itself. */
  | { kind: 'stored'; id: string };

/** What a server does with what the others send (rooms.ts). */
export interface BusHandlers {
  broadcast(room: string, payload: Record<string, unknown>): void;
  track(server: string, room: string, key: string, owner: string, meta: PresenceMeta): void;
  untrack(server: string, room: string, key: string, owner: string): void;
  /** A server started: it needs every presence tracked here. */
  hello(server: string): void;
  /** A server stopped or went silent: its presences are gone. */
  gone(server: string): void;
}

/**
 * Broadcast and presence between the servers of one site, over PostgreSQL NOTIFY: each server
 * fans a client's broadcast out to its own members and sends it to the others, which deliver it to
 * theirs; presence tracks and untracks are sent the same way and kept per sending server, so each
 * server can answer presence_state with everyone's. A message too large for a NOTIFY is written to
 * realtime.bus_messages and its id sent instead. A server sends its messages one after another and
 * handles what it receives in order, a stored one included (its read holds the ones after it), so
 * a client's broadcasts reach the other servers in the order it sent them. Table changes, database broadcasts and session ends need none of this: their
 * NOTIFY reaches every server already.
 */
export class RoomBus {
  readonly serverId = randomUUID();
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly lastSeen = new Map<string, number>();
  private inbox: Promise<void> = Promise.resolve();
  private outbox: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, private readonly handlers: BusHandlers) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(BUS_CHANNEL, (text) => {
      this.inbox = this.inbox.then(() => this.receive(text));
    });
    this.timer = setInterval(() => this.tick(), ALIVE_MS);
    this.timer.unref();
    this.send({ kind: 'hello' });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.send({ kind: 'bye' });
    await this.unlisten?.().catch(() => undefined);
  }

  publish(room: string, payload: Record<string, unknown>): void {
    if (payload.payload instanceof BinaryPayload) {
      void this.send({ kind: 'broadcast', room, payload: { ...payload, payload: null }, binary: payload.payload.bytes.toString('base64') });
    } else {
      void this.send({ kind: 'broadcast', room, payload });
    }
  }

  track(room: string, key: string, owner: string, meta: PresenceMeta): void {
    void this.send({ kind: 'track', room, key, owner, meta });
  }

  untrack(room: string, key: string, owner: string): void {
    void this.send({ kind: 'untrack', room, key, owner });
  }

  private tick(): void {
    void this.send({ kind: 'alive' });
    const now = Date.now();
    for (const [server, seen] of this.lastSeen) {
      if (now - seen < GONE_MS) continue;
      this.lastSeen.delete(server);
      this.handlers.gone(server);
    }
  }

  /** Sent one after another: a stored message (two writes) must not be overtaken by the next NOTIFY. */
  private send(message: Message): Promise<void> {
    this.outbox = this.outbox.then(() => this.sendNow(message));
    return this.outbox;
  }

  private async sendNow(message: Message): Promise<void> {
    const text = JSON.stringify({ s: this.serverId, ...message });
    // One statement: the row commits with the NOTIFY, so a reader never looks before it is there.
    const sent = Buffer.byteLength(text) > MAX_NOTIFY_BYTES
      ? this.db.query(
        `with pruned as (delete from realtime.bus_messages where created_at < now() - interval '1 minute'),
              stored as (insert into realtime.bus_messages (body) values ($2) returning id)
         select pg_notify($1, json_build_object('s', $3::text, 'kind', 'stored', 'id', id::text)::text) from stored`,
        [BUS_CHANNEL, text, this.serverId])
      : this.db.query('select pg_notify($1, $2)', [BUS_CHANNEL, text]);
    await sent.catch((error: unknown) => log.error({ err: error, kind: message.kind }, '[realtime] a message could not be sent to the other servers'));
  }

  private async stored(id: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ body: string }>('select body from realtime.bus_messages where id = $1', [id]);
    return rows[0]?.body;
  }

  private async receive(text: string): Promise<void> {
    // An empty payload is the listener's reconnect signal: what was missed meanwhile is asked again.
    if (!text) return void this.send({ kind: 'hello' });
    try {
      let message = JSON.parse(text) as Message & { s: string };
      if (message.s === this.serverId) return;
      if (message.kind === 'stored') {
        const body = await this.stored(message.id);
        if (body === undefined) return void log.warn({ id: message.id }, '[realtime] a stored message from another server was gone before it was read');
        message = JSON.parse(body) as Message & { s: string };
      }
      this.lastSeen.set(message.s, Date.now());
      switch (message.kind) {
        case 'broadcast':
          return this.handlers.broadcast(message.room, message.binary === undefined
            ? message.payload
            : { ...message.payload, payload: new BinaryPayload(Buffer.from(message.binary, 'base64')) });
        case 'track':
          return this.handlers.track(message.s, message.room, message.key, message.owner, message.meta);
        case 'untrack':
          return this.handlers.untrack(message.s, message.room, message.key, message.owner);
        case 'hello':
          return this.handlers.hello(message.s);
        case 'bye':
          this.lastSeen.delete(message.s);
          return this.handlers.gone(message.s);
      }
    } catch (error) {
      log.error({ err: error }, '[realtime] a message from another server could not be read');
    }
  }
}
