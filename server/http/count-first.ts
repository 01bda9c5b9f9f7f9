import { RateLimiterMemory } from 'rate-limiter-flexible';

/**
 * The one way the server limits anything (auth, realtime, storage, REST): a use adds its point
 * first and is then judged by the total its own point made, in one atomic step of its store, so a
 * parallel burst cannot all pass a check made before any of it was counted. There is no way to ask
 * "is it full?" without counting, on purpose.
 */

/** The state of one key's count right after a point was added. */
export interface WindowState {
  /** Points counted, the one just added included. */
  consumed: number;
  /** Until the window ends (0 for a count that has no window). */
  msBeforeNext: number;
}

/** Where one limit keeps its counts; `add` counts and answers in one atomic step. */
export interface LimitStore {
  add(key: string): Promise<WindowState>;
  /** Takes back one point (an attempt that turned out not to count, a use that ended). */
  giveBack(key: string): Promise<void>;
  /** Fills the window for `seconds`: every add answers over the limit until then. */
  block(key: string, seconds: number): Promise<void>;
}

/** Counts per fixed window in this process: for limits per client address, socket or topic, which one server sees. */
export class MemoryStore implements LimitStore {
  private readonly limiter: RateLimiterMemory;

  constructor(name: string, points: number, windowSeconds: number) {
    this.limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: windowSeconds });
  }

  async add(key: string): Promise<WindowState> {
    const res = await this.limiter.penalty(key, 1);
    return { consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext };
  }

  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  async block(key: string, seconds: number): Promise<void> {
    await this.limiter.block(key, seconds);
  }
}

/**
 * Counts uses held at once (requests running or waiting), without a window: a use adds its point
 * on arrival and gives it back when it ends. Keys at zero are forgotten.
 */
export class HeldStore implements LimitStore {
  private readonly counts = new Map<string, number>();

  async add(key: string): Promise<WindowState> {
    const consumed = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, consumed);
    return { consumed, msBeforeNext: 0 };
  }

  async giveBack(key: string): Promise<void> {
    const left = (this.counts.get(key) ?? 0) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }

  async block(): Promise<void> {
    throw new Error('a count of held uses has no window to block');
  }

  /** Uses held now under `key`. */
  held(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

/** What a counted use learns: whether it is within the limit, and how long to wait when not. */
export interface Verdict {
  admitted: boolean;
  consumed: number;
  retryAfterSeconds: number;
}

export const retrySeconds = (state: WindowState) => Math.max(1, Math.ceil(state.msBeforeNext / 1000));

/** Every limit made in this process, weakly held: what tests/limits/count-first-bursts.test.ts bursts. */
const made = new Set<WeakRef<CountFirstLimit>>();

/** One limit: `points` per key, counted in `store`. */
export class CountFirstLimit {
  constructor(readonly name: string, readonly points: number, readonly store: LimitStore) {
    for (const ref of made) if (!ref.deref()) made.delete(ref);
    made.add(new WeakRef(this));
  }

  /** The limits of this process that are still in use, so a new one is burst-tested by itself. */
  static live(): CountFirstLimit[] {
    return [...made].flatMap((ref) => ref.deref() ?? []);
  }

  /** In memory, `points` per key in each window of `windowMs`. */
  static perWindow(name: string, points: number, windowMs: number): CountFirstLimit {
    return new CountFirstLimit(name, points, new MemoryStore(name, points, windowMs / 1000));
  }

  /** At most `points` uses of a key held at once; each admitted use gives its point back when it ends. */
  static held(name: string, points: number): CountFirstLimit {
    return new CountFirstLimit(name, points, new HeldStore());
  }

  /** Counts one use of `key`, then judges it by the total its own point made. */
  async take(key: string): Promise<Verdict> {
    const state = await this.store.add(key);
    return { admitted: state.consumed <= this.points, consumed: state.consumed, retryAfterSeconds: retrySeconds(state) };
  }

  /** As take, but a refused use gives its point back: for counts of held uses, where a refusal holds nothing. */
  async takeOrGiveBack(key: string): Promise<Verdict> {
    const verdict = await this.take(key);
    if (!verdict.admitted) await this.store.giveBack(key);
    return verdict;
  }

  giveBack(key: string): Promise<void> {
    return this.store.giveBack(key);
  }

  block(key: string, seconds: number): Promise<void> {
    return this.store.block(key, seconds);
  }
}
