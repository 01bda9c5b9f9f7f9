import type { Db } from '../db/adapter.ts';
import { log } from '../observability/log.ts';
import { BinaryPayload } from './protocol.ts';
import { roomOf, type Rooms } from './rooms.ts';

export interface MessageFeedOptions {
  pruneEveryMs?: number;
  /** Private broadcast rows are kept this long (Supabase drops its daily partitions after a few days). */
  keepMs?: number;
}

/**
 * Broadcast from the database: realtime.send(), realtime.broadcast_changes() and the REST endpoint
 * insert into realtime.messages, whose trigger sends the row's id on the `realtime_messages`
 * channel of the LISTEN connection the change feed already holds. Rows are read and delivered in
 * the order their notifications arrive.
 */
export class MessageFeed {
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly options: Required<MessageFeedOptions>;

  constructor(private readonly db: Db, private readonly rooms: Rooms, options: MessageFeedOptions = {}) {
    this.options = { pruneEveryMs: 60_000, keepMs: 10 * 60_000, ...options };
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen('realtime_messages', (id) => {
      this.queue = this.queue.then(() => this.deliver(id));
    });
    this.timer = setInterval(() => void this.prune(), this.options.pruneEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
    await this.queue;
  }

  /** Resolves once every notification received so far was delivered (tests). */
  drain(): Promise<void> {
    return this.queue;
  }

  private async deliver(id: string): Promise<void> {
    if (this.stopped) return;
    try {
      // A public row is deleted as it is read: anyone with the anon key can write one through the
      // REST endpoint, so keeping them would let a flood fill the disk for ten minutes. With other
      // servers on the database, only the one whose delete returns the row has it: that one sends it
      // on to the others (bus.ts). Private rows stay, and every server reads them itself.
      const { rows } = await this.db.query<{ topic: string; event: string | null; payload: unknown; binary_payload: Buffer | null; private: boolean | null }>(
        `with taken as (
           delete from realtime.messages where id = $1::uuid and extension = 'broadcast' and private is not true
           returning topic, event, payload, binary_payload, private)
         select topic, event, payload, binary_payload, private from taken
         union all
         select topic, event, payload, binary_payload, private from realtime.messages
          where id = $1::uuid and extension = 'broadcast' and private is true`,
        [id],
      );
      const row = rows[0];
      if (!row) return;
      const payload = row.binary_payload ? new BinaryPayload(row.binary_payload) : row.payload;
      const room = roomOf(row.topic, row.private === true);
      const message = { type: 'broadcast', event: row.event ?? '', payload, meta: { id } };
      this.rooms.broadcast(room, message);
      if (row.private !== true) this.rooms.bus?.publish(room, message);
    } catch (error) {
      log.error({ err: error, id }, '[realtime] delivering a database broadcast failed');
    }
  }

  private async prune(): Promise<void> {
    try {
      await this.db.query(
        'delete from realtime.messages where inserted_at < now()::timestamp - make_interval(secs => $1::int / 1000.0)',
        [this.options.keepMs],
      );
    } catch (error) {
      log.error({ err: error }, '[realtime] pruning broadcast messages failed');
    }
  }
}
