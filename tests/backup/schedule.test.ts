/**
 * BACKUP_SCHEDULE and BACKUP_KEEP (issue 21, part 2) with a hand-driven clock: no waiting.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { expiredArchives, lastBackup, listArchives } from '../../server/backup/archives.ts';
import { archiveName } from '../../server/backup/manifest.ts';
import { BackupScheduler, nextRun, parseKeep, parseSchedule, type Clock } from '../../server/backup/schedule.ts';
import { loadConfig } from '../../server/config.ts';
import { tempDir } from './helpers.ts';

/** A clock whose timers fire only when the test moves time forward. */
function manualClock(start: Date) {
  let now = start.getTime();
  let timers: { at: number; fn: () => void }[] = [];
  const clock: Clock = {
    now: () => new Date(now),
    after(ms, fn) {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return () => { timers = timers.filter((t) => t !== timer); };
    },
  };
  return {
    clock,
    pending: () => timers.map((t) => new Date(t.at)),
    /** Moves to `to`, firing due timers in order. */
    advance(to: Date) {
      now = to.getTime();
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
    },
  };
}

const local = (day: number, hour = 3, minute = 0) => new Date(2026, 10, day, hour, minute);

describe('BACKUP_SCHEDULE', () => {
  it('reads daily@HH:MM and refuses anything else with the format', () => {
    expect(parseSchedule('daily@03:00')).toEqual({ hour: 3, minute: 0 });
    expect(parseSchedule('daily@23:45')).toEqual({ hour: 23, minute: 45 });
    expect(parseSchedule(undefined)).toBeUndefined();
    expect(parseSchedule('off')).toBeUndefined();
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'nightly' })).toThrow('BACKUP_SCHEDULE must be daily@HH:MM (e.g. daily@03:00) or off, got "nightly"');
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'daily@24:00' })).toThrow(/daily@HH:MM/);
    expect(() => loadConfig({ BACKUP_KEEP: '0,0' })).toThrow(/at least one backup kept/);
    expect(parseKeep('14, 8')).toEqual({ daily: 14, weekly: 8 });
    expect(loadConfig({}).backupKeep).toEqual({ daily: 7, weekly: 4 });
  });

  it('runs at the next scheduled time, today or tomorrow', () => {
    expect(nextRun({ hour: 3, minute: 0 }, local(10, 2, 59))).toEqual(local(10));
    expect(nextRun({ hour: 3, minute: 0 }, local(10, 3, 0))).toEqual(local(11));
    expect(nextRun({ hour: 3, minute: 0 }, local(30, 23, 0))).toEqual(new Date(2026, 11, 1, 3, 0));
  });

  it('takes a backup each day at the set time and keeps the newest 7 daily and 4 weekly', async () => {
    const dir = tempDir('skd-schedule-');
    const time = manualClock(local(1, 12));
    const log: string[] = [];
    const scheduler = new BackupScheduler({
      schedule: { hour: 3, minute: 0 },
      keep: { daily: 7, weekly: 4 },
      backupDir: dir,
      clock: time.clock,
      log: (line) => log.push(line),
      async backup() {
        const file = path.join(dir, archiveName(time.clock.now()));
        writeFileSync(file, 'arsip');
        return file;
      },
    });
    scheduler.start();
    expect(time.pending()).toEqual([local(2)]);
    for (let day = 2; day <= 29; day++) {
      time.advance(local(day));
      // the run is asynchronous: let it finish before the next day
      await vi.waitFor(() => expect(time.pending()).toEqual([local(day + 1)]));
    }
    await scheduler.stop();
    const kept = (await listArchives(dir)).map((a) => a.time);
    // 23-29 November daily; the newest of each of the 4 latest ISO weeks adds the Sundays 22, 15, 8
    expect(kept).toEqual([29, 28, 27, 26, 25, 24, 23, 22, 15, 8].map((day) => local(day)));
    expect(log.filter((l) => l.startsWith('[backup] /'))).toHaveLength(28);
    expect((await lastBackup(dir))?.time).toEqual(local(29));
  });

  it('a failed backup is logged, keeps every earlier archive and the next day runs again', async () => {
    const dir = tempDir('skd-schedule-');
    for (let day = 1; day <= 20; day++) writeFileSync(path.join(dir, archiveName(local(day))), 'arsip');
    mkdirSync(path.join(dir, 'lain'));
    const time = manualClock(local(20, 12));
    const log: string[] = [];
    let fail = true;
    const scheduler = new BackupScheduler({
      schedule: { hour: 3, minute: 0 }, keep: { daily: 2, weekly: 1 }, backupDir: dir, clock: time.clock, log: (l) => log.push(l),
      async backup() {
        if (fail) throw new Error('ENOSPC: no space left on device');
        const file = path.join(dir, archiveName(time.clock.now()));
        writeFileSync(file, 'arsip');
        return file;
      },
    });
    scheduler.start();
    time.advance(local(21));
    await vi.waitFor(() => expect(time.pending()).toEqual([local(22)]));
    expect(log).toEqual(['[backup] scheduled backup failed, earlier backups are kept: ENOSPC: no space left on device']);
    expect(readdirSync(dir)).toHaveLength(21);
    fail = false;
    time.advance(local(22));
    await vi.waitFor(() => expect(time.pending()).toEqual([local(23)]));
    await scheduler.stop();
    expect((await listArchives(dir)).map((a) => a.time)).toEqual([local(22), local(20)]);
    expect(readdirSync(dir)).toContain('lain');
  });

  it('retention keeps one per day and per week, newest first', () => {
    const archives = [local(3, 1), local(3, 5), local(2), local(1)].map((time) => ({ file: String(time.getTime()), time }));
    expect(expiredArchives(archives, { daily: 2, weekly: 0 }).map((a) => a.time)).toEqual([local(3, 1), local(1)]);
  });
});
