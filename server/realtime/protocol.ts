/**
 * Phoenix channel framing as realtime-js speaks it. vsn 2.0.0 (the client default) sends JSON
 * arrays `[join_ref, ref, topic, event, payload]`; vsn 1.0.0 sends objects. Binary frames only
 * carry broadcast pushes, which this server does not support but still has to answer.
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

/** realtime-js's user broadcast push (kind 3): header lengths, then the strings, then the body. */
export function decodeBinary(data: Buffer): Message {
  const USER_BROADCAST_PUSH = 3;
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) throw new ProtocolError('unsupported binary frame');
  const lengths = [data[1], data[2], data[3], data[4], data[5]];
  let offset = 7;
  const strings = lengths.map((length) => {
    if (offset + length > data.length) throw new ProtocolError('truncated binary frame');
    const value = data.toString('latin1', offset, offset + length);
    offset += length;
    return value;
  });
  const [joinRef, ref, topic, userEvent] = strings;
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: { event: userEvent } };
}

export function encode(vsn: Vsn, message: Message): string {
  const { joinRef, ref, topic, event, payload } = message;
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  return JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
}
