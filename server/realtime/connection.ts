import { randomUUID } from 'node:crypto';
import { WebSocket, type RawData } from 'ws';
import { decodeBinary, decodeText, encode, ProtocolError, type Message, type Vsn } from './protocol.ts';
import { SocketBudget, type FilterKey, type SubscriptionBudget } from './limits.ts';
import { JoinError, type RealtimeService, type Subscriber, type Subscription } from './service.ts';
import { expiredMessage, TokenError, verifyRealtimeToken, type VerifiedToken } from './tokens.ts';
import { Membership, readJoinConfig, type ChannelLink } from './membership.ts';
import type { Rooms } from './rooms.ts';
import type { Keys } from '../keys.ts';
import { log } from '../observability/log.ts';
import { SESSION_ENDED } from '../http/live-sessions.ts';

export interface ConnectionLimits {
  /** Bytes queued for a client before it counts as too slow and is disconnected. */
  maxBufferedBytes: number;
  /** Client messages waiting to be handled (each join may wait on the database). */
  maxPendingMessages: number;
}

const TOPIC_PREFIX = 'realtime:';
// setTimeout's limit is 2^31-1 ms; longer-lived tokens are re-checked when it fires.
const MAX_TIMER_MS = 2_147_483_647;

class Channel implements Subscriber, ChannelLink {
  expiryTimer: NodeJS.Timeout | undefined;
  membership: Membership | undefined;

  constructor(
    readonly connection: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    public auth: VerifiedToken,
    readonly subscriptions: Subscription[],
  ) {}

  /** What the channel counts against the caps: its distinct table filters. */
  get filterKeys(): FilterKey[] {
    return filterKeys(this.subscriptions);
  }

  get name(): string {
    return this.topic.slice(TOPIC_PREFIX.length);
  }

  send(payload: { ids: number[]; data: Record<string, unknown> }): void {
    this.connection.send({ joinRef: null, ref: null, topic: this.topic, event: 'postgres_changes', payload });
  }

  push(message: Message): void {
    this.connection.send(message);
  }

  get socketId(): string {
    return this.connection.id;
  }

  reply(message: Message, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.connection.reply(message, status, response);
  }

  shutdown(message: string): void {
    this.connection.closeChannel(this, message);
  }

  expire(): void {
    this.connection.closeChannel(this, expiredMessage(this.auth.expiresAt / 1000));
  }

  fail(message: string): void {
    this.connection.closeChannel(this, message, 'postgres_changes');
  }

  end(message: string): void {
    this.connection.closeChannel(this, message);
  }

  scheduleExpiry(): void {
    clearTimeout(this.expiryTimer);
    const delay = Math.min(Math.max(this.auth.expiresAt - Date.now(), 0), MAX_TIMER_MS);
    this.expiryTimer = setTimeout(() => {
      if (this.auth.expiresAt <= Date.now()) this.expire();
      else this.scheduleExpiry();
    }, delay);
    this.expiryTimer.unref();
  }
}

function filterKeys(subscriptions: Pick<Subscription, 'schema' | 'table' | 'filter'>[]): FilterKey[] {
  const keys = new Map<string, FilterKey>();
  for (const s of subscriptions) {
    if (!s.filter || !s.table) continue;
    const key = { table: `${s.schema}.${s.table}`, filter: s.filter };
    keys.set(JSON.stringify(key), key);
  }
  return [...keys.values()];
}

/** One websocket speaking the Phoenix channel protocol as realtime-js expects it. */
export class Connection {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  private pending = 0;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly budget: SocketBudget;
  /** Names this socket in the broadcast rates. */
  readonly id = randomUUID();

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    private readonly socketAuth: VerifiedToken,
    private readonly service: RealtimeService,
    private readonly ready: Promise<void>,
    private readonly limits: ConnectionLimits,
    private readonly shared: SubscriptionBudget,
    address: string,
    private readonly rooms: Rooms,
  ) {
    this.budget = new SocketBudget(address);
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  send(message: Message): void {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      // A client that does not read would otherwise make the server hold every event for it.
      log.warn({ unsentBytes: this.ws.bufferedAmount }, '[realtime] disconnecting a slow client');
      this.ws.terminate();
      this.dispose();
      return;
    }
    const frame = encode(this.vsn, message);
    if (frame !== undefined) this.ws.send(frame);
  }

  /** Ends a channel from the server side: a system error the app can read, then phx_close. */
  /**
   * After the signing keys changed: a channel whose token no longer verifies (its key retired with
   * `--now`) ends at once, with the error a join with that token gets, instead of at the `exp`
   * its signer chose.
   */
  async recheckTokens(keys: Keys): Promise<void> {
    for (const channel of [...this.channels.values()]) {
      try {
        await verifyRealtimeToken(keys, channel.auth.token, this.service.tokenLifetimeSeconds);
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        channel.end(error.message);
      }
    }
  }

  closeChannel(channel: Channel, message: string, extension: 'system' | 'postgres_changes' = 'system'): void {
    if (this.channels.get(channel.topic) !== channel) return;
    this.send({
      joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'system',
      payload: { extension, status: 'error', message, channel: channel.name },
    });
    this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
    this.removeChannel(channel);
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(code, reason);
    this.dispose();
  }

  terminate(): void {
    this.ws.terminate();
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.removeChannel(channel);
  }

  private removeChannel(channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    channel.membership?.leave();
    this.service.remove(channel);
    if (this.channels.get(channel.topic) === channel) {
      this.channels.delete(channel.topic);
      this.shared.release(this.budget, channel.filterKeys);
    }
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.lastSeen = Date.now();
    let message: Message;
    try {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      message = isBinary ? decodeBinary(buffer) : decodeText(this.vsn, buffer.toString('utf8'));
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.close(1003, error.message);
      return;
    }
    if (++this.pending > this.limits.maxPendingMessages) {
      this.close(1008, 'too many pending messages');
      return;
    }
    // In order: a leave or token update must not overtake the join it follows.
    this.queue = this.queue
      .then(() => this.handle(message))
      .catch((error: unknown) => log.error({ err: error }, '[realtime] handling a message failed'))
      .finally(() => {
        this.pending--;
      });
  }

  reply(message: Message, status: 'ok' | 'error', response: Record<string, unknown>): void {
    if (message.ref === null) return;
    this.send({ joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } });
  }

  private async handle(message: Message): Promise<void> {
    if (this.closed) return;
    const { topic, event } = message;
    if (topic === 'phoenix') {
      if (event === 'heartbeat') this.reply(message, 'ok', {});
      else this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (event === 'phx_join') return this.join(message);
    const channel = this.channels.get(topic);
    if (event === 'phx_leave') {
      if (channel) this.removeChannel(channel);
      this.reply(message, 'ok', {});
      return;
    }
    if (!channel) {
      this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (event) {
      case 'access_token':
        return this.updateToken(channel, message.payload);
      case 'broadcast':
        return channel.membership?.broadcast(message);
      case 'presence':
        return channel.membership?.presence(message);
      default:
        this.reply(message, 'error', { reason: `Unsupported event ${event}` });
    }
  }

  private async join(message: Message): Promise<void> {
    const { topic } = message;
    const fail = (reason: string) => this.reply(message, 'error', { reason });
    if (!topic.startsWith(TOPIC_PREFIX)) return fail('unmatched topic');
    const previous = this.channels.get(topic);
    if (previous) {
      // Phoenix closes the existing channel when a topic is joined again on the same socket.
      this.send({ joinRef: previous.joinRef, ref: previous.joinRef, topic, event: 'phx_close', payload: {} });
      this.removeChannel(previous);
    }

    const payload = (typeof message.payload === 'object' && message.payload !== null ? message.payload : {}) as Record<string, unknown>;
    const config = (typeof payload.config === 'object' && payload.config !== null ? payload.config : {}) as Record<string, unknown>;
    const entries = config.postgres_changes ?? [];
    if (!Array.isArray(entries)) return fail('config.postgres_changes must be a list');

    // Counted before the database is asked anything, and again when the channel is admitted.
    const asked = entries.map((entry) => {
      const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      return { schema: text(e.schema) ?? '', table: text(e.table), filter: text(e.filter) };
    });
    const over = this.shared.refusal(this.budget, filterKeys(asked));
    if (over) return fail(over);

    // The first join after page load can lack access_token; Supabase then uses the connection's apikey.
    const requested = payload.access_token;
    let auth = this.socketAuth;
    try {
      if (typeof requested === 'string' && requested !== '' && !requested.startsWith('sb_')) {
        auth = await verifyRealtimeToken(this.service.keys, requested, this.service.tokenLifetimeSeconds);
      } else if (auth.expiresAt <= Date.now()) {
        throw new TokenError(expiredMessage(auth.expiresAt / 1000));
      }
    } catch (error) {
      if (error instanceof TokenError) return fail(error.message);
      throw error;
    }
    if ((await this.service.sessionState(auth.claims)) === 'ended') return fail(SESSION_ENDED);

    try {
      await this.ready;
    } catch {
      return fail('Realtime is not available: the server could not read database changes');
    }
    const channel = new Channel(this, topic, message.joinRef, auth, []);
    const membership = new Membership(topic, channel.name, readJoinConfig(config), this.rooms, channel);
    const unauthorized = await membership.authorize();
    if (unauthorized) return fail(unauthorized);
    let subscriptions: Subscription[];
    try {
      subscriptions = entries.length ? await this.service.prepare(entries, auth.claims) : [];
    } catch (error) {
      if (error instanceof JoinError) return fail(error.message);
      throw error;
    }
    if (this.closed) return;
    // Preparing awaited the database: a token that ran out meanwhile does not join.
    if (auth.expiresAt <= Date.now()) return fail(expiredMessage(auth.expiresAt / 1000));

    const refused = this.shared.admit(this.budget, filterKeys(subscriptions));
    if (refused) return fail(refused);
    channel.subscriptions.push(...subscriptions);
    channel.membership = membership;
    this.channels.set(topic, channel);
    this.service.add(channel);
    channel.scheduleExpiry();
    const echoed = (entries as Record<string, unknown>[]).map((entry, i) => ({ ...entry, id: subscriptions[i].id }));
    this.reply(message, 'ok', { postgres_changes: echoed });
    membership.enter();
    if (entries.length) this.send({
      joinRef: message.joinRef, ref: null, topic, event: 'system',
      payload: { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: channel.name },
    });
  }

  /** No reply, as Supabase: a bad token ends the channel, a good one replaces the claims RLS uses. */
  private async updateToken(channel: Channel, payload: unknown): Promise<void> {
    const token = (payload as { access_token?: unknown } | null)?.access_token;
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === channel.auth.token) return;
    try {
      const auth = await verifyRealtimeToken(this.service.keys, token, this.service.tokenLifetimeSeconds);
      if ((await this.service.sessionState(auth.claims)) === 'ended') throw new TokenError(SESSION_ENDED);
      channel.auth = auth;
      channel.scheduleExpiry();
      await channel.membership?.reauthorize();
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      this.closeChannel(channel, error.message);
    }
  }
}
