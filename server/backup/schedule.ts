import { applyRetention, type Keep } from './archives.ts';

/** BACKUP_SCHEDULE: `daily@HH:MM`, in the server's local time zone (TZ). */
export interface Schedule {
  hour: number;
  minute: number;
}

export function parseSchedule(text: string | undefined): Schedule | undefined {
  if (!text || /^off$/i.test(text)) return undefined;
  const match = /^daily@([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!match) throw new Error(`BACKUP_SCHEDULE must be daily@HH:MM (e.g. daily@03:00) or off, got "${text}"`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** BACKUP_KEEP: `<daily>,<weekly>`, e.g. 7,4 (the default). */
export function parseKeep(text: string | undefined): Keep {
  if (!text) return { daily: 7, weekly: 4 };
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  if (!match || Number(match[1]) + Number(match[2]) === 0) {
    throw new Error(`BACKUP_KEEP must be <daily>,<weekly> with at least one backup kept (e.g. 7,4), got "${text}"`);
  }
  return { daily: Number(match[1]), weekly: Number(match[2]) };
}

/** The first scheduled moment strictly after `after`. */
export function nextRun(schedule: Schedule, after: Date): Date {
  const at = new Date(after.getFullYear(), after.getMonth(), after.getDate(), schedule.hour, schedule.minute, 0, 0);
  if (at.getTime() <= after.getTime()) at.setDate(at.getDate() + 1);
  return at;
}

/** Time as the scheduler sees it; tests drive it by hand. */
export interface Clock {
  now(): Date;
  /** Calls fn after ms; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  after(ms, fn) {
    // setTimeout holds at most ~24.8 days; a day is well inside it
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface SchedulerOptions {
  schedule: Schedule;
  keep: Keep;
  backupDir: string;
  /** Takes one backup and resolves to its file. */
  backup: () => Promise<string>;
  /** Applies `keep` to the copies off the machine (BACKUP_S3_BUCKET); resolves to those removed. */
  remoteRetention?: () => Promise<string[]>;
  clock?: Clock;
  log?: (line: string) => void;
  /** False on a server that is not the job leader: another server of the site takes this backup. */
  leads?: () => boolean;
}

/**
 * The server's own backups (BACKUP_SCHEDULE): one at each scheduled time, then retention
 * (BACKUP_KEEP). A failed backup is logged and changes nothing: retention only runs after a
 * success, so older archives stay.
 */
export class BackupScheduler {
  private cancel: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly clock: Clock;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SchedulerOptions) {
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? console.log;
  }

  start(): void {
    this.arm();
  }

  /** The next run's time (for the start-up line and tests). */
  next(): Date {
    return nextRun(this.options.schedule, this.clock.now());
  }

  private arm(): void {
    if (this.stopped) return;
    const at = this.next();
    this.cancel = this.clock.after(Math.max(0, at.getTime() - this.clock.now().getTime()), () => {
      if (this.options.leads && !this.options.leads()) {
        this.arm();
        return;
      }
      this.running = this.runOnce().finally(() => {
        this.running = undefined;
        this.arm();
      });
    });
  }

  async runOnce(): Promise<void> {
    try {
      const file = await this.options.backup();
      this.log(`[backup] ${file}`);
      const removed = await applyRetention(this.options.backupDir, this.options.keep);
      if (removed.length > 0) this.log(`[backup] retention removed ${removed.length} older archive(s)`);
      const remote = await this.options.remoteRetention?.() ?? [];
      if (remote.length > 0) this.log(`[backup] retention removed ${remote.length} older copies off the machine`);
    } catch (error) {
      this.log(`[backup] scheduled backup failed, earlier backups are kept: ${(error as Error).message}`);
    }
  }

  /** Stops scheduling; a backup under way is waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    await this.running;
  }
}
