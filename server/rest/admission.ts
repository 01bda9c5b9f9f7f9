/**
 * Who may hold how much of the database pool (decision 0013). Every REST request belongs to a
 * caller (the account, or the client address for the anon role) and to a lane: `member` for
 * approved accounts and the service role, `anon` for the anon role and for signed-in accounts that
 * are not approved, which can see no more than a visitor. A caller holds at most a few
 * connections at once and waits in its own queue for more; a full queue answers 503 at once.
 * REST as a whole leaves some connections to the rest of the server (/auth/v1 above all), so a
 * flood never stops sign-in. The anon lane's own cap (DB_ANON_CONCURRENCY) is kept by the pool.
 */
import type { Db } from '../db/adapter.ts';
import { Semaphore } from '../db/semaphore.ts';
import { CountFirstLimit } from '../http/count-first.ts';
import { errors } from './errors.ts';

export type Lane = 'anon' | 'member';

export interface AdmissionOptions {
  poolSize: number;
  acquisitionTimeoutMs: number;
}

/** Connections REST never takes: sign-in, token refresh and the server's own work use them. */
export const RESERVED_CONNECTIONS = 3;
/**
 * Requests one caller may have waiting beyond the ones it runs. A waiting request costs no CPU, so
 * a flooding client is parked rather than answered at once (which it would only repeat); beyond
 * this its requests answer 503, after a pause that slows a client that retries at once.
 */
export const QUEUE_PER_CALLER = 64;
const REFUSAL_PAUSE_MS = 1000;

export function perCallerLimit(lane: Lane, poolSize: number): number {
  return lane === 'anon' ? Math.max(1, Math.floor(poolSize / 3)) : Math.max(2, Math.floor(poolSize / 2));
}

/** Pattern and regex filters (pattern-budget.ts) of one caller run one at a time, each for at most 1 s. */
export const PATTERN_PER_CALLER = 1;

type Place = Lane | 'pattern';

export class Admission {
  private readonly places = new Map<string, Semaphore>();
  private readonly total: Semaphore;
  /**
   * Requests one caller holds in a place, running or waiting: counted first on arrival (the
   * semaphore then orders them), so a parallel burst is admitted to exactly the place and its queue.
   */
  readonly held: Record<Place, CountFirstLimit>;

  constructor(private readonly options: AdmissionOptions) {
    this.total = new Semaphore(Math.max(1, options.poolSize - RESERVED_CONNECTIONS));
    const heldAt = (place: Place, running: number) => CountFirstLimit.held(`rest.${place}`, running + QUEUE_PER_CALLER);
    this.held = {
      pattern: heldAt('pattern', PATTERN_PER_CALLER),
      anon: heldAt('anon', perCallerLimit('anon', options.poolSize)),
      member: heldAt('member', perCallerLimit('member', options.poolSize)),
    };
  }

  /**
   * Waits for the caller's pattern place (a request with a pattern filter), its own place, then one
   * of REST's; resolves to the release function. Rejects with 503 when the caller's queue is full
   * and PoolTimeout (504) after the acquisition timeout.
   */
  async enter(lane: Lane, caller: string, pattern = false): Promise<() => void> {
    const deadline = Date.now() + this.options.acquisitionTimeoutMs;
    const left = () => Math.max(1, deadline - Date.now());
    const held: (() => void)[] = [];
    const releaseAll = () => {
      for (const release of held.reverse()) release();
    };
    try {
      if (pattern) held.push(await this.place('pattern', caller, PATTERN_PER_CALLER, left()));
      held.push(await this.place(lane, caller, perCallerLimit(lane, this.options.poolSize), left()));
      held.push(await this.total.acquire(left()));
    } catch (error) {
      releaseAll();
      throw error;
    }
    return releaseAll;
  }

  private async place(place: Place, caller: string, limit: number, timeoutMs: number): Promise<() => void> {
    const key = `${place}:${caller}`;
    const count = this.held[place];
    if (!(await count.takeOrGiveBack(key)).admitted) {
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));
      throw errors.callerBusy(QUEUE_PER_CALLER);
    }
    let own = this.places.get(key);
    if (!own) this.places.set(key, (own = new Semaphore(limit)));
    const semaphore = own;
    let counted = true;
    const forget = () => {
      if (semaphore.load === 0 && this.places.get(key) === semaphore) this.places.delete(key);
      if (counted) void count.giveBack(key);
      counted = false;
    };
    try {
      const release = await semaphore.acquire(timeoutMs);
      return () => {
        release();
        forget();
      };
    } catch (error) {
      forget();
      throw error;
    }
  }
}

const APPROVAL_TTL_MS = 5_000;
const APPROVAL_MAX = 5_000;

/**
 * Whether an account is approved, read from profiles and remembered for a few seconds: a newly
 * approved account gets its full share within that time, a demoted one loses it as fast.
 */
export class ApprovalCache {
  private readonly known = new Map<string, { approved: boolean; until: number }>();

  constructor(private readonly db: Db) {}

  async approved(userId: string): Promise<boolean> {
    const now = Date.now();
    const hit = this.known.get(userId);
    if (hit && now < hit.until) return hit.approved;
    let approved = false;
    try {
      const { rows } = await this.db.query<{ approved: boolean }>(
        "select status = 'approved' as approved from public.profiles where id = $1::uuid", [userId]);
      approved = rows[0]?.approved === true;
    } catch {
      // No profiles table, or an id that is not a uuid: such a caller can see no more than a visitor.
      approved = false;
    }
    if (this.known.size >= APPROVAL_MAX) this.known.clear();
    this.known.set(userId, { approved, until: now + APPROVAL_TTL_MS });
    return approved;
  }
}
