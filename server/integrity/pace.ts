import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PaceOptions {
  /** The watch's share of the time while the process is busy serving (0 < share <= 1). */
  busyShare: number;
  /** Event-loop utilization, looked at while the watch rests, above which the process counts as busy. */
  busyAbove: number;
  /** How long the watch looks at the event loop before it decides. */
  probeMs: number;
  /**
   * Event-loop delay (the 99th percentile since the last piece of work, ms) above which the
   * process counts as busy: visitors' requests waited behind other work, the watch's included.
   */
  delayAboveMs: number;
  /** A page's four variants fetched one after another, pacing after each, instead of at once. */
  variantsApart: boolean;
}

export const DEFAULT_PACE: PaceOptions = { busyShare: 0.05, busyAbove: 0.3, probeMs: 25, delayAboveMs: 30, variantsApart: true };

export interface PaceClock {
  /** Event-loop utilization (0..1) over `ms` milliseconds from now. */
  utilization(ms: number): Promise<number>;
  /** The 99th percentile event-loop delay in ms since the last call. */
  delay(): number;
  sleep(ms: number): Promise<void>;
  close(): void;
}

function realClock(): PaceClock {
  const delays = monitorEventLoopDelay({ resolution: 10 });
  delays.enable();
  return {
    async utilization(ms) {
      const start = performance.eventLoopUtilization();
      await sleep(ms);
      return performance.eventLoopUtilization(start).utilization;
    },
    delay() {
      const p99 = delays.count > 0 ? delays.percentile(99) / 1e6 : 0;
      delays.reset();
      return p99;
    },
    sleep: (ms) => sleep(ms),
    close: () => delays.disable(),
  };
}

/**
 * Gives way to the site's visitors. The watch runs in the server's process (or on the same
 * machine): after each fetch or statement it looks at how busy the event loop is while it itself
 * does nothing, and how late the loop ran since the last look; when others keep it busy or
 * waiting, it rests long enough that its own work stays within `busyShare` of the time, and when
 * the site is quiet it goes on at once. It never stops, so a run under constant load still ends,
 * only later.
 */
export function createPacer(options: PaceOptions = DEFAULT_PACE, clock: PaceClock = realClock()) {
  const restFactor = 1 / options.busyShare - 1;
  return {
    variantsApart: options.variantsApart,
    /** Called after a piece of work that took `workedMs`; resolves when the next may start. */
    async after(workedMs: number): Promise<void> {
      const late = clock.delay() > options.delayAboveMs;
      const busy = (await clock.utilization(options.probeMs)) > options.busyAbove;
      if (late || busy) await clock.sleep(Math.max(0, workedMs * restFactor - options.probeMs));
    },
    close: () => clock.close(),
  };
}

export type Pacer = ReturnType<typeof createPacer>;
