/**
 * Phoenix channel framing as realtime-js speaks it. vsn 2.0.0 (the client default) sends JSON
 * arrays `[join_ref, ref, topic, event, payload]`; vsn 1.0.0 sends objects. With 2.0.0 the client
 * sends its broadcasts as binary frames (user broadcast push, kind 3) and reads binary user
 * broadcasts (kind 4), Supabase's extension of Phoenix's serializer.
 */
export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export type Vsn = '1.0.0' | '2.0.0';

export class ProtocolError extends Error {}

export function parseVsn(value: string | null): Vsn | undefined {
  if (value === null || value === '' || value.startsWith('2.')) return '2.0.0';
  if (value.startsWith('1.')) return '1.0.0';
  return undefined;
}

const refOrNull = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new ProtocolError('ref must be a string or null');
};

export function decodeText(vsn: Vsn, text: string): Message {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  let joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown;
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('frame must be a 5-element array');
    [joinRef, ref, topic, event, payload] = parsed as unknown[];
  } else {
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ProtocolError('frame must be an object');
    }
    ({ join_ref: joinRef, ref, topic, event, payload } = parsed as Record<string, unknown>);
  }
  if (typeof topic !== 'string' || typeof event !== 'string') throw new ProtocolError('topic and event must be strings');
  return { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event, payload: payload ?? {} };
}

/** A broadcast whose payload is bytes (sent with `httpSend(event, bytes)` or as an ArrayBuffer). */
export class BinaryPayload {
  constructor(readonly bytes: Buffer) {}
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;

/**
 * realtime-js's user broadcast push (kind 3): kind, the lengths of join_ref, ref, topic, event and
 * metadata, the payload encoding (0 bytes, 1 JSON), the strings, then the payload.
 */
export function decodeBinary(data: Buffer): Message {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) throw new ProtocolError('unsupported binary frame');
  const lengths = [data[1], data[2], data[3], data[4], data[5]];
  let offset = 7;
  const strings = lengths.map((length) => {
    if (offset + length > data.length) throw new ProtocolError('truncated binary frame');
    // realtime-js writes each character's code as one byte.
    const value = data.toString('latin1', offset, offset + length);
    offset += length;
    return value;
  });
  const [joinRef, ref, topic, userEvent] = strings;
  const body = data.subarray(offset);
  let payload: unknown;
  if (data[6] === JSON_ENCODING) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new ProtocolError('broadcast payload is not JSON');
    }
  } else {
    payload = new BinaryPayload(Buffer.from(body));
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: { type: 'broadcast', event: userEvent, payload } };
}

/** Supabase's user broadcast (kind 4): kind, lengths of topic, event and metadata, encoding, strings, payload. */
function encodeUserBroadcast(topic: string, userEvent: string, body: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(userEvent, 'utf8');
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, 0]);
  return Buffer.concat([header, topicBytes, eventBytes, body]);
}

/**
 * The frame for a message: text, except a byte-payload broadcast to a 2.0.0 client, which only
 * the binary user broadcast can carry. A 1.0.0 client has no frame for bytes: undefined.
 */
export function encode(vsn: Vsn, message: Message): string | Buffer | undefined {
  const { joinRef, ref, topic, event, payload } = message;
  const inner = (payload as { payload?: unknown } | null)?.payload;
  if (event === 'broadcast' && inner instanceof BinaryPayload) {
    const userEvent = String((payload as { event?: unknown }).event ?? '');
    if (vsn === '1.0.0' || Buffer.byteLength(topic) > 255 || Buffer.byteLength(userEvent) > 255) return undefined;
    return encodeUserBroadcast(topic, userEvent, inner.bytes);
  }
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  return JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
}
