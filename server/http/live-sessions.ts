/**
 * Whether the session an access token names still exists, for the services that decide outside
 * SQL (storage's token check, realtime's joins and open channels). REST needs none of this: its
 * policies ask private.session_is_live() in the same statement.
 *
 * Answers are cached per (session, user): a session id is a random uuid that never comes back once
 * its row is deleted, so only an end can change an answer. The platform trigger on auth.sessions
 * sends NOTIFY auth_session_end with the id at commit; the listener drops that entry and tells the
 * subscribers (realtime closes the session's channels). After a lost listen connection the handler
 * runs with an empty payload and the whole cache is dropped, since ends may have been missed.
 */
import type { Db } from '../db/adapter.ts';
import type { JwtClaims } from '../db/request-context.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ENTRIES = 5000;
export const SESSION_END_CHANNEL = 'auth_session_end';
/** GoTrue's wording for a token whose session is gone (its session_not_found error). */
export const SESSION_ENDED = 'Session from session_id claim in JWT does not exist';

/** `none`: a token that names no session (anon, service_role); `ended`: refuse it. */
export type SessionState = 'live' | 'ended' | 'none';

export class LiveSessions {
  private readonly known = new Map<string, boolean>();
  private readonly listeners = new Set<(sessionId: string | undefined) => void>();
  private unlisten: (() => Promise<void>) | undefined;
  /** Bumped by every end: a lookup that overlapped one is not cached. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(SESSION_END_CHANNEL, (payload) => this.ended(payload || undefined));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /** Called with the ended session's id, or undefined when any session may have ended. */
  onEnd(listener: (sessionId: string | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async state(claims: JwtClaims): Promise<SessionState> {
    if (claims.role !== 'authenticated') return 'none';
    const sessionId = claims.session_id;
    const sub = claims.sub;
    // A user token without a well-formed session_id is not one GoTrue issued: refused like an ended one.
    if (typeof sessionId !== 'string' || !UUID_RE.test(sessionId) || typeof sub !== 'string' || !UUID_RE.test(sub)) return 'ended';
    const key = `${sessionId.toLowerCase()}|${sub.toLowerCase()}`;
    const hit = this.known.get(key);
    if (hit !== undefined) return hit ? 'live' : 'ended';
    const generation = this.generation;
    const { rows } = await this.db.query<{ live: boolean }>(
      `select exists (select 1 from auth.sessions where id = $1 and user_id = $2
         and (not_after is null or not_after > now())) as live`, [sessionId, sub]);
    const live = rows[0]?.live === true;
    if (generation === this.generation) {
      if (this.known.size >= MAX_ENTRIES) this.known.clear();
      this.known.set(key, live);
    }
    return live ? 'live' : 'ended';
  }

  private ended(sessionId: string | undefined): void {
    this.generation += 1;
    if (sessionId) {
      const prefix = `${sessionId.toLowerCase()}|`;
      for (const key of this.known.keys()) if (key.startsWith(prefix)) this.known.set(key, false);
    } else {
      this.known.clear();
    }
    for (const listener of this.listeners) listener(sessionId);
  }
}
