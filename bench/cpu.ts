import { readdirSync, readFileSync } from 'node:fs';

// Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ; 100 on every kernel we run on)
const TICKS_PER_SECOND = 100;

interface Proc { pid: string; ppid: string; ticks: number; command: string }

function read(pid: string): Proc | undefined {
  try {
    // the fields after the command's closing parenthesis: ppid is the 2nd, utime and stime the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { pid, ppid: fields[1], ticks: Number(fields[11]) + Number(fields[12]), command: readFileSync(`/proc/${pid}/cmdline`, 'utf8') };
  } catch {
    return undefined;
  }
}

/**
 * CPU time used so far, in ms, by this process and by every process whose command line contains
 * `marker` (the embedded PostgreSQL's postmaster, started with its data directory) and their
 * children (its backends). On a machine shared with other work, CPU time per operation moves far
 * less with the load than wall time. A backend that exits between two readings takes its time
 * with it; the pool keeps them open.
 */
export function cpuMs(marker: string): number {
  const procs = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(read).filter((p): p is Proc => p !== undefined);
  const roots = new Set(procs.filter((p) => p.command.includes(marker)).map((p) => p.pid));
  const ticks = procs.filter((p) => roots.has(p.pid) || roots.has(p.ppid)).reduce((sum, p) => sum + p.ticks, 0);
  const own = process.cpuUsage();
  return (ticks * 1000) / TICKS_PER_SECOND + (own.user + own.system) / 1000;
}
