import { availableParallelism } from 'node:os';

/**
 * Who a hash is for. `device`: a sign-in from a browser that signed in to this account before
 * (its device cookie), so a flood of strangers cannot make the owner wait behind them.
 */
export type HashLane = 'shared' | 'device';

/** Thrown before any hashing when the lane's queue is full; the caller answers 429 + Retry-After. */
export class HashQueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('password hashing queue is full');
  }
}

export interface HashBudget {
  /** Hashes running at once (fewer than the cores, so pages and API calls keep a core). */
  concurrency: number;
  /** Hashes waiting at most in the shared lane; the device lane gets its own places. */
  queue: number;
  deviceQueue: number;
}

/** One core stays free for pages and API calls; a one-core machine still hashes one at a time. */
export function defaultHashBudget(): HashBudget {
  const concurrency = Math.max(1, availableParallelism() - 1);
  return { concurrency, queue: 8 * concurrency, deviceQueue: 4 * concurrency };
}

interface Waiter {
  start: () => void;
}

/**
 * Runs password hashes (native bcrypt, off the event loop) at most `concurrency` at once. Waiting
 * hashes of the device lane start before any of the shared lane, and each lane refuses new work
 * once its own queue is full: the refusal costs no hashing, so a flood costs the CPU only what the
 * budget allows.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: Record<HashLane, Waiter[]> = { shared: [], device: [] };
  /** Recent duration of one hash in ms (moving average), for the Retry-After estimate. */
  private averageMs = 80;

  constructor(private budget: HashBudget) {}

  reconfigure(budget: HashBudget): void {
    this.budget = budget;
  }

  get stats(): { running: number; shared: number; device: number } {
    return { running: this.running, shared: this.waiting.shared.length, device: this.waiting.device.length };
  }

  /** Throws HashQueueFull when a job of `lane` would be refused now (a caller's cheaper early answer). */
  refuseWhenFull(lane: HashLane): void {
    const capacity = lane === 'device' ? this.budget.deviceQueue : this.budget.queue;
    if (this.running >= this.budget.concurrency && this.waiting[lane].length >= capacity) {
      throw new HashQueueFull(this.retryAfter(this.waiting.device.length + (lane === 'shared' ? this.waiting.shared.length : 0)));
    }
  }

  async run<T>(lane: HashLane, job: () => Promise<T>): Promise<T> {
    if (this.running >= this.budget.concurrency) {
      this.refuseWhenFull(lane);
      await new Promise<void>((resolve) => this.waiting[lane].push({ start: resolve }));
    } else this.running += 1;
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      const next = this.waiting.device.shift() ?? this.waiting.shared.shift();
      // the place passes straight to the next waiter, so `running` stays counted
      if (next) next.start();
      else this.running -= 1;
    }
  }

  private retryAfter(ahead: number): number {
    return Math.max(1, Math.ceil(((ahead + this.running) * this.averageMs) / this.budget.concurrency / 1000));
  }
}
