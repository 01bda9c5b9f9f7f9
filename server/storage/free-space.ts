import { statfs } from 'node:fs/promises';
import type { Db } from '../db/adapter.ts';
import type { Mailer } from '../mail/mailer.ts';
import { diskReserveMail } from '../mail/disk-reserve.ts';
import { log } from '../observability/log.ts';

/** statfs is cheap, but a burst of uploads or renders shares one reading a second. */
const READING_MS = 1000;
/** How often the server measures on its own and records it for the superadmin dashboard. */
const RECORD_MS = 60_000;
/** Of the space above the reserve (counting their own), renditions may take at most this share. */
const RENDITION_SHARE = 0.25;

export interface FreeSpaceOptions {
  dir: string;
  reserveBytes: number;
  /** Where to mail the superadmins when the reserve is crossed; absent in tools and tests. */
  notify?: { db: Db; mail: Mailer; siteName: string; dashboardUrl: string };
}

/**
 * The free space of the disk DATA_DIR lives on, against a reserve kept for PostgreSQL's WAL:
 * below it uploads and new renditions are refused and renditions are evicted, so the database
 * keeps writing. Crossing the reserve is logged and mailed to the superadmins once, until the
 * space comes back.
 */
export class FreeSpace {
  private reading: { at: number; bytes: Promise<number> } | undefined;
  private below = false;
  /** The latest reading, for /metrics and the dashboard; undefined before the first. */
  lastBytes: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: FreeSpaceOptions) {}

  /** Measures now and every minute, recording each reading for the dashboard (private.disk_space). */
  start(): void {
    const measure = () => void this.record().catch((error: unknown) => log.warn({ err: error }, '[disk] recording the free space failed'));
    measure();
    this.timer = setInterval(measure, RECORD_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async record(): Promise<void> {
    const free = await this.freeBytes();
    const db = this.options.notify?.db;
    if (!db) return;
    const { rows } = await db.query<{ present: boolean }>("select to_regclass('private.disk_space') is not null as present");
    if (!rows[0]?.present) return;
    // df's size for its Use%: what is used plus what an unprivileged user may still write
    const fs = await statfs(this.options.dir);
    const total = (fs.blocks - fs.bfree + fs.bavail) * fs.bsize;
    await db.query(
      `insert into private.disk_space (id, free_bytes, reserve_bytes, total_bytes, measured_at) values (true, $1, $2, $3, now())
       on conflict (id) do update set free_bytes = excluded.free_bytes, reserve_bytes = excluded.reserve_bytes,
         total_bytes = excluded.total_bytes, measured_at = excluded.measured_at`,
      [free, this.options.reserveBytes, total > 0 ? total : null]);
  }

  get reserveBytes(): number {
    return this.options.reserveBytes;
  }

  async freeBytes(): Promise<number> {
    if (!this.reading || Date.now() - this.reading.at >= READING_MS) {
      const bytes = statfs(this.options.dir).then((fs) => fs.bavail * fs.bsize);
      this.reading = { at: Date.now(), bytes };
      const free = await bytes;
      this.lastBytes = free;
      this.crossed(free);
      return free;
    }
    return this.reading.bytes;
  }

  async belowReserve(): Promise<boolean> {
    return (await this.freeBytes()) < this.options.reserveBytes;
  }

  /**
   * The renditions' byte budget: the smaller of RENDER_CACHE_MB and a share of the space they
   * could have (what they take now and the free space above the reserve); nothing below the reserve.
   */
  async renditionBudget(configuredBytes: number, renditionBytes: number): Promise<number> {
    const above = (await this.freeBytes()) - this.options.reserveBytes;
    if (above < 0) return 0;
    return Math.min(configuredBytes, Math.floor((renditionBytes + above) * RENDITION_SHARE));
  }

  private crossed(free: number): void {
    const below = free < this.options.reserveBytes;
    if (below === this.below) return;
    this.below = below;
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    if (!below) {
      log.info(`[disk] free space is back above the reserve: ${mb(free)} free`);
      return;
    }
    log.error(`[disk] only ${mb(free)} free, below the reserve of ${mb(this.options.reserveBytes)}: uploads and new image renditions are refused until space is freed`);
    void this.mailSuperadmins(free).catch((error: unknown) => log.error({ err: error }, '[disk] mailing the superadmins failed'));
  }

  private async mailSuperadmins(free: number): Promise<void> {
    const notify = this.options.notify;
    if (!notify) return;
    const { rows } = await notify.db.query<{ email: string }>(
      `select u.email from auth.users u join public.profiles p on p.id = u.id
       where p.role = 'superadmin' and p.status = 'approved' and u.email is not null`);
    for (const { email } of rows) {
      await notify.mail.send(diskReserveMail({
        to: email, siteName: notify.siteName, dashboardUrl: notify.dashboardUrl,
        freeMb: Math.round(free / 1024 / 1024), reserveMb: Math.round(this.options.reserveBytes / 1024 / 1024),
      }));
    }
  }
}
