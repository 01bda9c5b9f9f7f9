import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clusterPids, cpuMs } from './processes.ts';

/**
 * A reader of the CPU time used so far, in ms, by this process (a server running in it, and its
 * client) and by the embedded PostgreSQL of `dataDir` (postmaster and backends, as they are when
 * the reader is made: make it after a warm-up has opened the pool's connections). On a machine
 * shared with other work, CPU time per operation moves far less with the load than wall time.
 */
export function cpuReader(dataDir: string): () => number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = clusterPids(postmaster);
  return () => {
    const own = process.cpuUsage();
    return pids.reduce((sum, pid) => sum + cpuMs(pid), 0) + (own.user + own.system) / 1000;
  };
}
