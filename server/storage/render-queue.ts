import { CountFirstLimit } from '../http/count-first.ts';
import { errors } from './errors.ts';

/** Renders running at once: the server's CPU is shared with the database. */
const RENDER_SLOTS = 2;
/** How long a client told "queue full" should wait, in seconds: a few renders' time. */
const QUEUE_RETRY_AFTER = 2;
/**
 * New renditions per client address per minute (times RATE_LIMIT_SCALE). A first visit to a
 * gallery page asks for one rendition per photo shown; cached renditions are never counted.
 */
const NEW_RENDITIONS_PER_MINUTE = 120;

/**
 * At most RENDER_SLOTS renders run, at most `queueLength` wait; a render arriving when the queue
 * is full is refused at once (503 SlowDown with Retry-After) instead of waiting behind a flood,
 * so cached renditions and every other request keep their answer times.
 */
export class RenderQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  readonly perAddress: CountFirstLimit;

  constructor(
    private readonly queueLength: number,
    rateLimitScale: number,
  ) {
    this.perAddress = CountFirstLimit.perWindow('storage.newRenditions', NEW_RENDITIONS_PER_MINUTE * rateLimitScale, 60_000);
  }

  /** Counts one new rendition for this client address; 429 SlowDown once its minute is used up. */
  async admit(address: string): Promise<void> {
    const verdict = await this.perAddress.take(address);
    if (!verdict.admitted) throw errors.slowDown(429, verdict.retryAfterSeconds);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= RENDER_SLOTS) {
      if (this.waiting.length >= this.queueLength) throw errors.slowDown(503, QUEUE_RETRY_AFTER);
      // a finishing render hands its slot straight to the next waiter, so the count never overshoots
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
