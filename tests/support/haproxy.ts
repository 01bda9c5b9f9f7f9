import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Why a test that needs HAProxy cannot run here (undefined: it can). */
export function haproxyMissing(): string | undefined {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  return probe.error ? 'HAProxy is not installed (apt-get install -y haproxy)' : undefined;
}

export interface Balancer {
  url: string;
  process: ChildProcess;
  /** What HAProxy printed, each line with the performance.now() it arrived at. */
  lines: { at: number; text: string }[];
  stop(): Promise<void>;
}

/** deploy/haproxy.cfg as shipped, in front of the given servers (host:port), on a free port. */
export async function startHaproxy(app1: string, app2: string): Promise<Balancer> {
  const port = await freePort();
  const child = spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
    env: { ...process.env, SKADRON_BIND: `127.0.0.1:${port}`, SKADRON_APP1: app1, SKADRON_APP2: app2 },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Balancer['lines'] = [];
  const record = (chunk: Buffer) => {
    for (const text of chunk.toString().split('\n')) if (text.trim()) lines.push({ at: performance.now(), text });
  };
  child.stdout!.on('data', record);
  child.stderr!.on('data', record);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${lines.map((l) => l.text).join('\n')}`);
    if (await fetch(`${url}/healthz`).then((res) => res.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('haproxy did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url, process: child, lines,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
