import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Queryable } from '../db/adapter.ts';
import {
  HANDOFF_CODE_COOKIE, HANDOFF_MARKER_COOKIE, HANDOFF_PATH, HANDOFF_TTL_SECONDS,
} from '../../src/features/auth/api/handoff-names.ts';

/** What the app needs to take over a session: supabase-js's setSession reads the rest from the server. */
export type HandedSession = { access_token: string; refresh_token: string };

const digest = (code: string) => createHash('sha256').update(code).digest();

/**
 * Sessions signed in by a form post, waiting for the app. The browser holds only a random code
 * (never a token, never in a URL); the database holds its hash, so a read of the table cannot be
 * replayed as a cookie. Taking is `delete ... returning`: one request gets the session, on
 * whichever server it lands.
 */
export class SignInHandoffs {
  constructor(private readonly db: Queryable, private readonly secure: boolean) {}

  /** Keeps `session` and gives the browser its code and the app's marker. */
  async give(c: Context, session: HandedSession): Promise<void> {
    const code = randomBytes(32).toString('base64url');
    await this.db.query('delete from private.sign_in_handoffs where expires_at < now()');
    await this.db.query(
      `insert into private.sign_in_handoffs (code_hash, session, expires_at)
       values ($1, $2, now() + make_interval(secs => $3))`,
      [digest(code), JSON.stringify(session), HANDOFF_TTL_SECONDS],
    );
    const common = { sameSite: 'Strict' as const, secure: this.secure, maxAge: HANDOFF_TTL_SECONDS };
    setCookie(c, HANDOFF_CODE_COOKIE, code, { ...common, path: HANDOFF_PATH, httpOnly: true });
    setCookie(c, HANDOFF_MARKER_COOKIE, '1', { ...common, path: '/' });
  }

  /** POST HANDOFF_PATH: the session once, then both cookies are gone; 404 for an unknown, used or late code. */
  take(): MiddlewareHandler {
    return async (c) => {
      const code = getCookie(c, HANDOFF_CODE_COOKIE);
      deleteCookie(c, HANDOFF_CODE_COOKIE, { path: HANDOFF_PATH, secure: this.secure, sameSite: 'Strict' });
      deleteCookie(c, HANDOFF_MARKER_COOKIE, { path: '/', secure: this.secure, sameSite: 'Strict' });
      c.header('Cache-Control', 'no-store');
      if (!code) return c.json({ message: 'no session to hand over' }, 404);
      const { rows } = await this.db.query<{ session: HandedSession }>(
        'delete from private.sign_in_handoffs where code_hash = $1 and expires_at > now() returning session',
        [digest(code)],
      );
      return rows[0] ? c.json(rows[0].session) : c.json({ message: 'no session to hand over' }, 404);
    };
  }
}
