import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TypedClient } from '../support/server.ts';

export type ProfileRow = Record<string, unknown>;
export type ProfileEvent = RealtimePostgresChangesPayload<ProfileRow>;

export interface Subscription {
  channel: RealtimeChannel;
  events: ProfileEvent[];
  statuses: string[];
  /** `system` messages the server sent on this channel. */
  system: Record<string, unknown>[];
}

/**
 * Subscribes as the site does (`channel().on('postgres_changes', ...).subscribe()`) and resolves
 * once the server confirmed the join, or rejects with the client's error.
 */
export function subscribeProfiles(
  client: TypedClient,
  name: string,
  options: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = {},
): Promise<Subscription> {
  const events: ProfileEvent[] = [];
  const statuses: string[] = [];
  const system: Record<string, unknown>[] = [];
  const channel = client
    .channel(name)
    .on('system', {}, (payload: Record<string, unknown>) => system.push(payload))
    .on<ProfileRow>(
      'postgres_changes',
      { event: options.event ?? '*', schema: 'public', table: 'profiles', ...(options.filter ? { filter: options.filter } : {}) },
      (payload) => events.push(payload),
    );
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve({ channel, events, statuses, system });
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
}

export async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 2_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when the server has answered a heartbeat sent now on the client's socket. */
export function heartbeat(client: TypedClient): Promise<void> {
  return new Promise((resolve) => {
    client.realtime.onHeartbeat((status) => {
      if (status === 'ok') resolve();
    });
    void client.realtime.sendHeartbeat();
  });
}

export type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** A bare websocket speaking the Phoenix frames by hand, for protocol details supabase-js hides. */
export class RawSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as Frame));
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static open(baseUrl: string, apikey: string, vsn = '2.0.0'): Promise<RawSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`;
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('error', reject);
    });
  }

  /** Resolves to the HTTP status and JSON body of a refused upgrade. */
  static refusal(baseUrl: string, query: string): Promise<{ status: number; body: unknown }> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => reject(new Error('upgrade was accepted')));
      ws.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      ws.once('error', () => undefined);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async next(match: (frame: Frame) => boolean, timeoutMs = 2_000): Promise<Frame> {
    return waitFor(() => this.frames.find(match), timeoutMs, 'a matching frame');
  }

  reply(ref: string): Promise<Frame> {
    return this.next((f) => f[1] === ref && f[3] === 'phx_reply');
  }

  close(): void {
    this.ws.close();
  }
}

export function joinFrame(ref: string, topic: string, config: Record<string, unknown>, accessToken?: string): Frame {
  return [ref, ref, `realtime:${topic}`, 'phx_join', {
    config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, private: false, ...config },
    ...(accessToken ? { access_token: accessToken } : {}),
  }];
}
