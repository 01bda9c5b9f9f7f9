import { randomUUID } from 'node:crypto';
import { readPolicies, writeAllowed, type Extension } from './authorize.ts';
import type { Message } from './protocol.ts';
import { CLIENT_PRESENCE_LIMIT, TOO_MANY_MESSAGES, TOO_MANY_PRESENCE_MESSAGES, TRACK_TOO_LARGE } from './rates.ts';
import { roomOf, type RoomMember, type Rooms } from './rooms.ts';
import type { VerifiedToken } from './tokens.ts';

/** A join's `config`, read as Supabase's Join payload does (defaults where a field is missing). */
export interface JoinConfig {
  isPrivate: boolean;
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
}

const object = (value: unknown): Record<string, unknown> =>
  (typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {});

export function readJoinConfig(config: Record<string, unknown>): JoinConfig {
  const broadcast = object(config.broadcast);
  const presence = object(config.presence);
  return {
    isPrivate: config.private === true,
    self: broadcast.self === true,
    ack: broadcast.ack === true,
    // Supabase gives a channel without a key a fresh UUID, so its presence is its own.
    presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
    presenceEnabled: presence.enabled === true,
  };
}

/** What a membership needs from its channel and socket. */
export interface ChannelLink {
  readonly joinRef: string | null;
  readonly auth: VerifiedToken;
  /** Names the socket in its broadcast rate. */
  readonly socketId: string;
  push(message: Message): void;
  reply(message: Message, status: 'ok' | 'error', response: Record<string, unknown>): void;
  /** Ends the channel with a system error, as Realtime's shutdown_response. */
  shutdown(message: string): void;
}

export const readRefusal = (name: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`;

/** One channel's broadcast and presence: its room, its read and write policies and its rates. */
export class Membership implements RoomMember {
  readonly room: string;
  readsBroadcast = true;
  readsPresence = true;
  private readonly writes = new Map<string, boolean>();
  /** Names this membership in its presence-call rate. */
  private readonly id = randomUUID();
  private tracked: string | undefined;

  constructor(readonly topic: string, readonly name: string, readonly config: JoinConfig, private readonly rooms: Rooms, private readonly link: ChannelLink) {
    this.room = roomOf(name, config.isPrivate);
  }

  /** For a private channel, the read policies; the refusal when neither broadcast nor presence may be read. */
  async authorize(): Promise<string | undefined> {
    if (!this.config.isPrivate) return undefined;
    const read = await readPolicies(this.rooms.db, this.name, this.link.auth.claims, ['broadcast', 'presence']);
    this.readsBroadcast = read.broadcast;
    this.readsPresence = read.presence;
    return read.broadcast || read.presence ? undefined : readRefusal(this.name);
  }

  /**
   * After a token change on a private channel, the read policies again, as Supabase: a channel that
   * could read and no longer may is ended.
   */
  async reauthorize(): Promise<void> {
    if (!this.config.isPrivate) return;
    const before = { broadcast: this.readsBroadcast, presence: this.readsPresence };
    const read = await readPolicies(this.rooms.db, this.name, this.link.auth.claims, ['broadcast', 'presence']);
    this.readsBroadcast = read.broadcast;
    this.readsPresence = read.presence;
    if ((before.broadcast && !read.broadcast) || (before.presence && !read.presence)) {
      this.link.shutdown(`You no longer have permission to read from this Channel topic: ${this.name}`);
    }
  }

  enter(): void {
    this.rooms.join(this);
    if (this.config.presenceEnabled && this.readsPresence) {
      this.link.push({ joinRef: this.link.joinRef, ref: null, topic: this.topic, event: 'presence_state', payload: this.rooms.presenceState(this) });
    }
  }

  leave(): void {
    this.rooms.leave(this, this.tracked !== undefined ? [this.config.presenceKey] : []);
    this.tracked = undefined;
  }

  deliver(message: Message): void {
    this.link.push(message);
  }

  /** A client broadcast: to the room (and back when `self`), acknowledged when `ack`. */
  async broadcast(message: Message): Promise<void> {
    const { rates } = this.rooms;
    if (!(await rates.socketBroadcasts.take(this.link.socketId)).admitted || !(await this.rooms.admitBroadcast(this))) {
      return this.link.shutdown(TOO_MANY_MESSAGES);
    }
    // Supabase drops a private broadcast its sender may not write, without a reply.
    if (this.config.isPrivate && !(await this.mayWrite('broadcast'))) return;
    const payload = { ...object(message.payload), type: 'broadcast' };
    this.rooms.broadcastFromClient(this.room, payload, this, this.config.self);
    if (this.config.ack) this.link.reply(message, 'ok', {});
  }

  async presence(message: Message): Promise<void> {
    const payload = object(message.payload);
    if (typeof payload.event !== 'string') return this.link.reply(message, 'ok', {});
    if (!(await this.rooms.rates.presenceCalls.take(this.id)).admitted) return this.link.shutdown(CLIENT_PRESENCE_LIMIT);
    const event = payload.event.toLowerCase();
    if (event === 'untrack') {
      this.rooms.untrack(this, this.config.presenceKey);
      this.tracked = undefined;
      return this.link.reply(message, 'ok', {});
    }
    if (event !== 'track') return this.link.reply(message, 'error', {});
    const meta = payload.payload ?? {};
    if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
      return this.link.reply(message, 'error', { reason: 'Presence track payload must be a map' });
    }
    if (this.config.isPrivate && !(await this.mayWrite('presence'))) return this.link.reply(message, 'error', {});
    const text = JSON.stringify(meta);
    if (Buffer.byteLength(text) > this.rooms.limits.maxTrackBytes) return this.link.shutdown(TRACK_TOO_LARGE);
    if (text === this.tracked) return this.link.reply(message, 'ok', {});
    if (!(await this.rooms.admitPresence(this))) return this.link.shutdown(TOO_MANY_PRESENCE_MESSAGES);
    this.rooms.track(this, this.config.presenceKey, meta as Record<string, unknown>);
    this.tracked = text;
    this.link.reply(message, 'ok', {});
  }

  /** The INSERT policies, asked once per token and extension (Supabase keeps them on the channel). */
  private async mayWrite(extension: Extension): Promise<boolean> {
    const key = `${extension}\u0000${this.link.auth.token}`;
    let allowed = this.writes.get(key);
    if (allowed === undefined) {
      allowed = await writeAllowed(this.rooms.db, this.name, this.link.auth.claims, extension);
      // Keyed by token: a refreshed token is asked again, and old answers need not pile up.
      if (this.writes.size >= 8) this.writes.clear();
      this.writes.set(key, allowed);
    }
    return allowed;
  }
}
