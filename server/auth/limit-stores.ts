import { createHash } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { LimitStore, WindowState } from '../http/count-first.ts';

/** Old windows are swept now and then, so keys seen once do not pile up. */
const SWEEP_EVERY = 500;

/**
 * Counts in auth.rate_limit_counts: for limits per account or per mailbox, which must hold across
 * every server sharing one PostgreSQL. Runs outside any request transaction, so a count survives
 * the rollback of the request it belongs to and is seen by parallel requests at once.
 */
export class DatabaseStore implements LimitStore {
  private adds = 0;

  constructor(private readonly db: Queryable, private readonly name: string, private readonly points: number,
    private readonly duration: number) {}

  private digest(key: string): Buffer {
    return createHash('sha256').update(key).digest();
  }

  async add(key: string): Promise<WindowState> {
    if (++this.adds % SWEEP_EVERY === 0) {
      await this.db.query(`delete from auth.rate_limit_counts where window_ends < now() - interval '1 day'`);
    }
    const { rows } = await this.db.query<{ points: number; ms: number }>(
      `insert into auth.rate_limit_counts as r (name, key, points, window_ends)
       values ($1, $2, 1, now() + make_interval(secs => $3))
       on conflict (name, key) do update set
         points = case when r.window_ends <= now() then 1 else r.points + 1 end,
         window_ends = case when r.window_ends <= now() then excluded.window_ends else r.window_ends end
       returning points, (extract(epoch from window_ends - now()) * 1000)::float8 as ms`,
      [this.name, this.digest(key), this.duration]);
    return { consumed: rows[0].points, msBeforeNext: Math.max(0, rows[0].ms) };
  }

  async giveBack(key: string): Promise<void> {
    await this.db.query(
      `update auth.rate_limit_counts set points = greatest(points - 1, 0)
       where name = $1 and key = $2 and window_ends > now()`, [this.name, this.digest(key)]);
  }

  async block(key: string, seconds: number): Promise<void> {
    await this.db.query(
      `insert into auth.rate_limit_counts (name, key, points, window_ends)
       values ($1, $2, $3, now() + make_interval(secs => $4))
       on conflict (name, key) do update set points = excluded.points, window_ends = excluded.window_ends`,
      [this.name, this.digest(key), this.points + 1, seconds]);
  }
}
