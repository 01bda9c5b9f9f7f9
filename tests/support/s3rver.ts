import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const BIN = fileURLToPath(new URL('../../node_modules/s3rver/bin/s3rver.js', import.meta.url));

/** s3rver's own credentials: it checks every request's signature against them. */
export const S3RVER_KEY = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  port: number;
  child: ChildProcess;
  /** The environment that points STORAGE_S3_* at it. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Stops the process and removes its directory. */
  stop(): Promise<void>;
  /** Stops the process but keeps its data (the "endpoint gone" half of an outage). */
  pause(): Promise<void>;
  /** Started again on the same port and directory (the "endpoint back" half of an outage). */
  restart(): Promise<void>;
}

function listening(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(); });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`s3rver did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(child.pid!, 'SIGTERM');
  });
}

/** A real S3 server (s3rver from the npm registry) on 127.0.0.1 and a free port, in its own process. */
export async function startS3rver(): Promise<S3Server> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skd-s3rver-'));
  const port = await freePort();
  const launch = async () => {
    const child = spawn(process.execPath, [BIN, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', '--no-vhost-buckets'], { stdio: 'ignore' });
    await listening(port, Date.now() + 15_000);
    return child;
  };
  const server: S3Server = {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    child: await launch(),
    env: (extra = {}) => ({
      STORAGE_BACKEND: 's3', STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`, STORAGE_S3_FORCE_PATH_STYLE: 'true',
      STORAGE_S3_REGION: 'us-east-1', ...S3RVER_KEY, ...extra,
    }),
    async stop() {
      await stopChild(server.child);
      rmSync(dir, { recursive: true, force: true });
    },
    async pause() {
      await stopChild(server.child);
    },
    async restart() {
      await stopChild(server.child);
      server.child = await launch();
    },
  };
  return server;
}
