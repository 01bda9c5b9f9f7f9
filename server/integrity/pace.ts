import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PaceOptions {
  /** The watch's share of the time while the process is busy serving (0 < share <= 1). */
  busyShare: number;
  /** Event-loop utilization, looked at while the watch rests, above which the process counts as busy. */
  busyAbove: number;
  /** How long the watch looks at the event loop before it decides. */
  probeMs: number;
  /**
   * A page's four variants fetched one after another, resting after each, instead of at once:
   * a busy site then meets one of the watch's renders at a time, not four.
   */
  variantsApart: boolean;
}

export const DEFAULT_PACE: PaceOptions = { busyShare: 0.05, busyAbove: 0.3, probeMs: 25, variantsApart: true };

export interface PaceClock {
  /** Event-loop utilization (0..1) over `ms` milliseconds from now. */
  utilization(ms: number): Promise<number>;
  sleep(ms: number): Promise<void>;
}

const realClock: PaceClock = {
  async utilization(ms) {
    const start = performance.eventLoopUtilization();
    await sleep(ms);
    return performance.eventLoopUtilization(start).utilization;
  },
  sleep: (ms) => sleep(ms),
};

/**
 * Gives way to the site's visitors. The watch runs in the server's process (or on the same
 * machine): after each fetch or statement it looks at how busy the event loop is while it itself
 * does nothing; when others keep it busy, it rests long enough that its own work stays within
 * `busyShare` of the time, and when the site is quiet it goes on at once. It never stops, so a
 * run under constant load still ends, only later.
 */
export function createPacer(options: PaceOptions = DEFAULT_PACE, clock: PaceClock = realClock) {
  const restFactor = 1 / options.busyShare - 1;
  let busy = false;
  const after = async (workedMs: number): Promise<void> => {
    busy = (await clock.utilization(options.probeMs)) > options.busyAbove;
    if (busy) await clock.sleep(Math.max(0, workedMs * restFactor - options.probeMs));
  };
  return {
    variantsApart: options.variantsApart,
    /** Called after a piece of work that took `workedMs`; resolves when the next may start. */
    after,
    /**
     * Called between the parts of one piece (a page's variants): looks and rests as `after` while
     * the last look found the site busy, else goes on without looking, so a quiet run does not
     * spend a look on every variant.
     */
    between: (workedMs: number): Promise<void> => (busy ? after(workedMs) : Promise.resolve()),
  };
}

export type Pacer = ReturnType<typeof createPacer>;
