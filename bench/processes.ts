import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Proportional set size of one process in MB, from /proc/<pid>/smaps_rollup. */
export function pssMb(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = Number(/^Pss:\s+(\d+) kB/m.exec(text)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** The postmaster and every process it forked (auxiliary processes and backends). */
export function clusterPids(postmaster: number): number[] {
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  return [postmaster, ...pids.filter((p) => parentOf(p) === postmaster)];
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn until `ready` answered 200. */
  startMs: number;
  stop(): Promise<void>;
}

/** `node dist-server/main.mjs` as its own process; resolves once `readyPath` answers 200. */
export async function startServerProcess(env: Record<string, string>, readyPath: string): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist-server/main.mjs'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output.join('')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening on (http\S+)/.exec(line);
      if (match) resolve(match[1]);
    });
  });
  child.removeAllListeners('exit');
  for (;;) {
    const status = await fetch(url + readyPath).then((r) => r.status, () => 0);
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    url,
    startMs: performance.now() - started,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
