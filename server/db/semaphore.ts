import { PoolTimeout } from './adapter.ts';

/** At most `limit` holders at once; the others wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Holders plus waiters: zero when nobody uses it. */
  get load(): number {
    return this.active + this.waiting.length;
  }

  /** Places held now (for metrics). */
  get held(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves to the release function; rejects with PoolTimeout after `timeoutMs` of waiting. */
  async acquire(timeoutMs?: number): Promise<() => void> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter = () => {
          clearTimeout(timer);
          resolve();
        };
        if (timeoutMs !== undefined) {
          timer = setTimeout(() => {
            const at = this.waiting.indexOf(waiter);
            if (at >= 0) this.waiting.splice(at, 1);
            reject(new PoolTimeout());
          }, timeoutMs);
        }
        this.waiting.push(waiter);
      });
    } else this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays counted.
      if (next) next();
      else this.active -= 1;
    };
  }
}
