import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { waitUntilAccepting } from './wait-ready.ts';
import { log } from '../observability/log.ts';

const FIRST_RESTART_MS = 1000;
const LAST_RESTART_MS = 60_000;
/** A server that stayed up this long starts the next restart from the first wait again. */
const STABLE_MS = 60_000;

export interface DatabaseStatus {
  state: 'running' | 'restarting' | 'stopped';
  /** Why PostgreSQL stopped last, in words an operator can act on (no paths). */
  reason?: string;
  restarts: number;
}

export function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** The cause PostgreSQL's log names, short enough for /readyz. */
function cause(exited: string, logTail: string): string {
  if (/No space left on device/i.test(logTail)) return `disk full (${exited})`;
  if (/could not (write|extend|create)/i.test(logTail)) return `write failed (${exited})`;
  return exited;
}

/**
 * Keeps one PostgreSQL server running: if it exits without being asked to (kill -9, a PANIC on a
 * full disk, an out-of-memory kill), it is started again after 1 s, 2 s, 4 s... (at most a minute)
 * until it accepts connections, each failure logged with the end of postgres.log. Node never exits
 * for it: the pool and the change listener reconnect once it is back.
 */
export class PostgresSupervisor {
  private child: ChildProcess | undefined;
  private stopping = false;
  private waitMs = FIRST_RESTART_MS;
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  /** False until the first start succeeded: a server that never came up is the caller's error. */
  private supervising = false;
  private readonly exitListeners: ((reason: string) => void)[] = [];
  readonly status: DatabaseStatus = { state: 'stopped', restarts: 0 };

  constructor(
    private readonly spawnPostgres: () => ChildProcess,
    private readonly url: string,
    private readonly logFile: string,
    private readonly onStopped: () => void,
  ) {}

  /** The first start: fails (and stops what it started) if PostgreSQL does not come up. */
  async start(): Promise<void> {
    await this.launch();
    this.supervising = true;
  }

  onUnexpectedExit(listener: (reason: string) => void): void {
    this.exitListeners.push(listener);
  }

  private async launch(): Promise<void> {
    const child = this.spawnPostgres();
    this.child = child;
    let exited: string | undefined;
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `exit code ${code}`;
      if (this.child === child) this.exited(exited);
    });
    try {
      await waitUntilAccepting(this.url, {
        timeoutMs: 60_000,
        intervalMs: 50,
        gone: () => (exited ? new Error(`PostgreSQL did not start (${exited}). Last lines of ${this.logFile}:\n${tail(this.logFile)}`) : undefined),
      });
    } catch (error) {
      if (exited) throw error;
      child.kill('SIGQUIT');
      throw new Error(`PostgreSQL did not accept connections within 60 s: ${(error as Error).message}`);
    }
    this.startedAt = Date.now();
    this.status.state = 'running';
  }

  private exited(how: string): void {
    if (this.stopping || !this.supervising) return;
    const logTail = tail(this.logFile);
    if (this.status.state === 'running' && Date.now() - this.startedAt > STABLE_MS) this.waitMs = FIRST_RESTART_MS;
    this.status.state = 'restarting';
    this.status.reason = cause(how, logTail);
    log.error(`[db] PostgreSQL stopped unexpectedly (${how}); starting it again in ${this.waitMs / 1000} s. Last lines of ${this.logFile}:\n${logTail}`);
    for (const listener of this.exitListeners) listener(this.status.reason);
    this.timer = setTimeout(() => void this.restart(), this.waitMs);
    this.waitMs = Math.min(this.waitMs * 2, LAST_RESTART_MS);
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    this.status.restarts += 1;
    try {
      await this.launch();
      log.info(`[db] PostgreSQL is running again (restart ${this.status.restarts})`);
    } catch (error) {
      // the exit handler of the failed start schedules the next try; a hung start is killed above
      log.error({ err: error }, '[db] restarting PostgreSQL failed');
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT'); // fast shutdown: sessions end, a checkpoint is written
      const force = setTimeout(() => child.kill('SIGQUIT'), 20_000);
      await exit;
      clearTimeout(force);
    }
    this.status.state = 'stopped';
    this.onStopped();
  }
}
