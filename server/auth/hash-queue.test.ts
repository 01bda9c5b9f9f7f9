import { describe, expect, it } from 'vitest';
import { HashQueue, HashQueueFull } from './hash-queue.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** A job that runs until the test lets it finish, recording that it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => { finish = resolve; });
  return { job: async () => { started.push(name); await done; return name; }, finish };
}

describe('the password hashing queue', () => {
  it('runs at most the budget at once and refuses past the queue before running anything', async () => {
    const queue = new HashQueue({ concurrency: 1, queue: 2, deviceQueue: 1 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => gate(started, name));
    const running = jobs.map(({ job }) => queue.run('shared', job));
    await Promise.resolve();
    expect(started).toEqual(['a']);
    const refused = gate(started, 'refused');
    const error = await queue.run('shared', refused.job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HashQueueFull);
    expect((error as HashQueueFull).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    for (const { finish } of jobs) finish();
    expect(await Promise.all(running)).toEqual(['a', 'b', 'c']);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('tells beforehand, without queueing anything, that a lane would refuse', async () => {
    const queue = new HashQueue({ concurrency: 1, queue: 2, deviceQueue: 1 });
    const started: string[] = [];
    expect(() => queue.refuseWhenFull('shared')).not.toThrow();
    const jobs = ['a', 'b', 'c'].map((name) => gate(started, name));
    const running = jobs.map(({ job }) => queue.run('shared', job));
    expect(() => queue.refuseWhenFull('shared')).toThrow(HashQueueFull);
    expect(() => queue.refuseWhenFull('device')).not.toThrow();
    expect(queue.stats).toEqual({ running: 1, shared: 2, device: 0 });
    for (const { finish } of jobs) finish();
    await Promise.all(running);
    expect(() => queue.refuseWhenFull('shared')).not.toThrow();
  });

  it('starts a known device before every waiting stranger, in its own places', async () => {
    const queue = new HashQueue({ concurrency: 1, queue: 2, deviceQueue: 1 });
    const started: string[] = [];
    const first = gate(started, 'stranger-1');
    const waiting = [gate(started, 'stranger-2'), gate(started, 'stranger-3')];
    const owner = gate(started, 'owner');
    const all = [queue.run('shared', first.job), ...waiting.map(({ job }) => queue.run('shared', job))];
    // the strangers' queue is full, the device lane is not
    await expect(queue.run('shared', async () => 'late')).rejects.toBeInstanceOf(HashQueueFull);
    all.push(queue.run('device', owner.job));
    first.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['stranger-1', 'owner']);
    owner.finish();
    for (const { finish } of waiting) finish();
    await Promise.all(all);
    expect(started).toEqual(['stranger-1', 'owner', 'stranger-2', 'stranger-3']);
  });
});

describe('native bcrypt', () => {
  it('verifies hashes written before it ($2a$ as GoTrue and pgcrypto write them, $2b$ as bcryptjs did)', async () => {
    expect(await verifyPassword('Rahasia-Lama-1', '$2a$10$Tt/9UuNFwioFzoXyMWN4Puh3w9DWTb97ztdKDLq3j5mxpsd8ewV4.')).toBe(true);
    expect(await verifyPassword('Rahasia-Lama-2', '$2b$10$/nSej/UPaSOuv.ft7G8fBu4oG8Xo1ZrNpJxg73Fn.vRgKXG4t9M5q')).toBe(true);
    expect(await verifyPassword('rahasia-lama-1', '$2a$10$Tt/9UuNFwioFzoXyMWN4Puh3w9DWTb97ztdKDLq3j5mxpsd8ewV4.')).toBe(false);
    expect(await verifyPassword('apa saja', null)).toBe(false);
  });

  it('writes $2a$ hashes that verify', async () => {
    const hash = await hashPassword('Kata-Sandi-Baru');
    expect(hash).toMatch(/^\$2a\$10\$.{53}$/);
    expect(await verifyPassword('Kata-Sandi-Baru', hash)).toBe(true);
  });
});
