import { randomUUID } from 'node:crypto';
import type { Db } from '../db/adapter.ts';
import { log } from '../observability/log.ts';
import { BinaryPayload } from './protocol.ts';

export const BUS_CHANNEL = 'realtime_bus';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7900;

interface Envelope {
  /** The sending server: it fanned the message out to its own members already. */
  s: string;
  room: string;
  payload: Record<string, unknown>;
  /** A binary user broadcast's bytes (realtime-js's kind 3 frames), base64. */
  binary?: string;
}

/**
 * Client broadcasts between the servers of one site: each server fans a broadcast out to its own
 * members and NOTIFYs the others through PostgreSQL, which deliver it to theirs. Broadcasts from
 * the database and the REST endpoint need none of this: their NOTIFY reaches every server already.
 * A message too large for a NOTIFY reaches this server's members only, and is logged.
 */
export class RoomBus {
  readonly serverId = randomUUID();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly db: Db, private readonly deliver: (room: string, payload: Record<string, unknown>) => void) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(BUS_CHANNEL, (text) => this.receive(text));
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
  }

  publish(room: string, payload: Record<string, unknown>): void {
    const envelope: Envelope = { s: this.serverId, room, payload };
    if (payload.payload instanceof BinaryPayload) {
      envelope.payload = { ...payload, payload: null };
      envelope.binary = payload.payload.bytes.toString('base64');
    }
    const text = JSON.stringify(envelope);
    if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
      log.warn({ room, bytes: Buffer.byteLength(text) }, '[realtime] a broadcast too large for the other servers reached this server\'s members only');
      return;
    }
    this.db.query('select pg_notify($1, $2)', [BUS_CHANNEL, text])
      .catch((error: unknown) => log.error({ err: error, room }, '[realtime] a broadcast could not be sent to the other servers'));
  }

  private receive(text: string): void {
    // an empty payload is the listener's reconnect signal: nothing to replay for broadcasts
    if (!text) return;
    try {
      const envelope = JSON.parse(text) as Envelope;
      if (envelope.s === this.serverId) return;
      const payload = envelope.binary === undefined
        ? envelope.payload
        : { ...envelope.payload, payload: new BinaryPayload(Buffer.from(envelope.binary, 'base64')) };
      this.deliver(envelope.room, payload);
    } catch (error) {
      log.error({ err: error }, '[realtime] a broadcast from another server could not be read');
    }
  }
}
