import { randomUUID } from 'node:crypto';
import type { Db } from '../db/adapter.ts';
import { RoomBus } from './bus.ts';
import { PresenceTopic, type PresenceDiff, type PresenceEntries } from './presence.ts';
import type { Message } from './protocol.ts';
import { BroadcastRates, DEFAULT_BROADCAST_LIMITS, type BroadcastLimits } from './rates.ts';

/** A joined channel as broadcast and presence see it. */
export interface RoomMember {
  /** `realtime:<name>`, as the client joined it. */
  readonly topic: string;
  /** `private:<name>` or `public:<name>`: a private and a public channel of one name are apart, as on Supabase. */
  readonly room: string;
  /** Read policies of a private channel (always true on a public one). */
  readonly readsBroadcast: boolean;
  readonly readsPresence: boolean;
  deliver(message: Message): void;
}

/** A presence is held by a member here, or by `<server>/<member>` on another server of the site. */
type Holder = RoomMember | string;

interface Room {
  members: Set<RoomMember>;
  presence: PresenceTopic<Holder>;
}

export const roomOf = (name: string, isPrivate: boolean) => `${isPrivate ? 'private' : 'public'}:${name}`;

/**
 * Who is joined to which room, on this server: broadcasts fan out here (from clients, from the REST
 * endpoint and from the database), and presence is kept here, with the other servers' presences
 * when there are others (bus.ts).
 */
export class Rooms {
  private readonly rooms = new Map<string, Room>();
  /** How the other servers name a member of this one. */
  private readonly ids = new WeakMap<RoomMember, string>();

  /** With other servers on the database (DATABASE_URL), client broadcasts reach their members through it (bus.ts). */
  readonly bus: RoomBus | undefined;

  readonly rates: BroadcastRates;

  constructor(readonly db: Db, readonly limits: BroadcastLimits = DEFAULT_BROADCAST_LIMITS, shared = false) {
    this.rates = new BroadcastRates(limits);
    this.bus = shared ? new RoomBus(db, {
      broadcast: (room, payload) => void this.broadcast(room, payload),
      track: (server, room, key, owner, meta) => this.sendDiff(this.room(room), this.room(room).presence.put(`${server}/${owner}`, key, meta)),
      untrack: (server, room, key, owner) => this.changePresence(room, (presence) => presence.untrack(`${server}/${owner}`, key)),
      hello: () => this.announcePresences(),
      gone: (server) => {
        for (const name of [...this.rooms.keys()]) {
          this.changePresence(name, (presence) => presence.drop((holder) => typeof holder === 'string' && holder.startsWith(`${server}/`)));
        }
      },
    }) : undefined;
  }

  join(member: RoomMember): void {
    this.room(member.room).members.add(member);
  }

  /** Leaving untracks every presence the member held. */
  leave(member: RoomMember, keys: Iterable<string>): void {
    const room = this.rooms.get(member.room);
    if (!room?.members.delete(member)) return;
    for (const key of keys) {
      const diff = room.presence.untrack(member, key);
      if (diff) this.sendDiff(room, diff);
      if (diff) this.bus?.untrack(member.room, key, this.idOf(member));
    }
    this.forgetIfEmpty(member.room, room);
  }

  /** Counts one broadcast against the room's rate; false when the room is over it. */
  async admitBroadcast(member: RoomMember): Promise<boolean> {
    return (await this.rates.channelBroadcasts.take(member.room)).admitted;
  }

  /** Counts one presence event against the room's rate; false when the room is over it. */
  async admitPresence(member: RoomMember): Promise<boolean> {
    return (await this.rates.presenceEvents.take(member.room)).admitted;
  }

  /** `{type: 'broadcast', event, payload}` to every reader of the room, `from` only when it asked for `self`. */
  broadcast(room: string, payload: Record<string, unknown>, from?: RoomMember): number {
    const target = this.rooms.get(room);
    if (!target) return 0;
    let sent = 0;
    for (const member of target.members) {
      if (member === from || !member.readsBroadcast) continue;
      member.deliver({ joinRef: null, ref: null, topic: member.topic, event: 'broadcast', payload });
      sent++;
    }
    return sent;
  }

  /** A client's broadcast: to this server's members now, and through the bus to every other server's. */
  broadcastFromClient(room: string, payload: Record<string, unknown>, from: RoomMember, self: boolean): void {
    this.broadcast(room, payload, self ? undefined : from);
    this.bus?.publish(room, payload);
  }

  track(member: RoomMember, key: string, payload: Record<string, unknown>): void {
    const room = this.room(member.room);
    const diff = room.presence.track(member, key, payload);
    this.sendDiff(room, diff);
    this.bus?.track(member.room, key, this.idOf(member), diff.joins[key].metas[0]);
  }

  untrack(member: RoomMember, key: string): void {
    if (this.changePresence(member.room, (presence) => presence.untrack(member, key))) this.bus?.untrack(member.room, key, this.idOf(member));
  }

  presenceState(member: RoomMember): PresenceEntries {
    return this.rooms.get(member.room)?.presence.state() ?? {};
  }

  presenceCount(member: RoomMember): number {
    return this.rooms.get(member.room)?.presence.size ?? 0;
  }

  private idOf(member: RoomMember): string {
    let id = this.ids.get(member);
    if (!id) this.ids.set(member, (id = randomUUID()));
    return id;
  }

  /** Applies a presence change to a room that exists; true when it changed something. */
  private changePresence(name: string, change: (presence: PresenceTopic<Holder>) => PresenceDiff | undefined): boolean {
    const room = this.rooms.get(name);
    const diff = room && change(room.presence);
    if (!room || !diff) return false;
    this.sendDiff(room, diff);
    this.forgetIfEmpty(name, room);
    return true;
  }

  /** A room with no member here and no presence anywhere is dropped. */
  private forgetIfEmpty(name: string, room: Room): void {
    if (!room.members.size && !room.presence.size) this.rooms.delete(name);
  }

  /** Every presence of this server, again, for a server that just started (or reconnected). */
  private announcePresences(): void {
    for (const [name, room] of this.rooms) {
      for (const [key, holder, meta] of room.presence.entries()) if (typeof holder !== 'string') this.bus?.track(name, key, this.idOf(holder), meta);
    }
  }

  private room(name: string): Room {
    let room = this.rooms.get(name);
    if (!room) {
      room = {
        members: new Set(),
        presence: new PresenceTopic(),
      };
      this.rooms.set(name, room);
    }
    return room;
  }

  private sendDiff(room: Room, diff: PresenceDiff): void {
    for (const member of room.members) {
      if (member.readsPresence) member.deliver({ joinRef: null, ref: null, topic: member.topic, event: 'presence_diff', payload: diff });
    }
  }
}
