import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesUnder } from '../../tests/storage/fixtures.ts';
import { MAX_RENDITIONS_PER_IMAGE, RenderCache } from './render-cache.ts';

const KB = 1024;
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytesOnDisk = () => filesUnder(dir).reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);

describe('RenderCache', () => {
  it('deletes the least recently served renditions past the byte budget', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'skd-renders-'));
    const cache = new RenderCache(dir, 100 * KB);
    const [a, b] = [randomUUID(), randomUUID()];
    await cache.write(a, 'one.webp', Buffer.alloc(40 * KB));
    await cache.write(b, 'two.webp', Buffer.alloc(40 * KB));
    expect(await cache.read(a, 'one.webp')).toBeDefined(); // now "two" is the oldest
    await cache.write(b, 'three.webp', Buffer.alloc(40 * KB));
    expect(await cache.read(b, 'two.webp')).toBeUndefined();
    expect(await cache.read(a, 'one.webp')).toBeDefined();
    expect(bytesOnDisk()).toBe(80 * KB);
    expect(cache.bytes).toBe(80 * KB);
  });

  it('keeps at most 32 renditions of one image', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'skd-renders-'));
    const cache = new RenderCache(dir, 1024 * KB);
    const version = randomUUID();
    for (let i = 0; i < 50; i++) await cache.write(version, `${i}.webp`, Buffer.alloc(100));
    expect(filesUnder(path.join(dir, version))).toHaveLength(MAX_RENDITIONS_PER_IMAGE);
    expect(await cache.read(version, '49.webp')).toBeDefined();
    expect(await cache.read(version, '0.webp')).toBeUndefined();
  });

  it('after a restart with a smaller budget, finds the files and deletes the oldest first', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'skd-renders-'));
    const first = new RenderCache(dir, 1024 * KB);
    const version = randomUUID();
    for (let i = 0; i < 5; i++) await first.write(version, `${i}.webp`, Buffer.alloc(30 * KB));
    for (let i = 0; i < 5; i++) utimesSync(path.join(dir, version, `${i}.webp`), 1_700_000_000 + i, 1_700_000_000 + i);

    const restarted = new RenderCache(dir, 70 * KB);
    expect(await restarted.read(version, '4.webp')).toBeDefined();
    expect(filesUnder(path.join(dir, version))).toEqual(['3.webp', '4.webp']);
    expect(bytesOnDisk()).toBeLessThanOrEqual(70 * KB);
  });

  it('forgets the renditions of a removed version', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'skd-renders-'));
    const cache = new RenderCache(dir, 1024 * KB);
    const version = randomUUID();
    await cache.write(version, 'a.webp', Buffer.alloc(10 * KB));
    rmSync(path.join(dir, version), { recursive: true });
    cache.forget(version);
    expect(cache.bytes).toBe(0);
  });
});
