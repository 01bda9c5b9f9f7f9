import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  process: ChildProcess;
  url: string;
  /** Everything the server printed so far (stdout lines and stderr chunks). */
  output: string[];
}

/**
 * `server/main.ts` as its own process, as an operator runs it (tsx is loaded with --import, so a
 * SIGKILL hits the server itself). Resolves with the address it prints once it listens; a server
 * that does not come up within 60 s is killed. Generous: after SIGKILL of everything, PostgreSQL
 * replays its WAL before it accepts connections.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 60 s:\n${output.join('\n')}`));
    }, 60_000);
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code ?? signal}:\n${output.join('\n')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const match = /^listening on (http\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ process: child, url: match[1], output });
      }
    });
  });
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** The anon key exactly as the browser receives it from /env.js. */
export async function anonKeyOf(url: string): Promise<string> {
  const script = await (await fetch(`${url}/env.js`)).text().catch(() => '');
  const match = /SUPABASE_ANON_KEY["']?\s*:\s*["']([^"']+)/.exec(script);
  if (!match) throw new Error(`no anon key in /env.js: ${script.slice(0, 200)}`);
  return match[1];
}
