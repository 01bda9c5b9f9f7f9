import { appendFileSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rotateIfLarge } from './log-rotation.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('postgres.log rotation', () => {
  it('keeps the log within its size while the writer goes on appending to the same file', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'skd-log-'));
    const file = path.join(dir, 'postgres.log');
    // PostgreSQL's stderr: one descriptor opened in append mode, never reopened
    const fd = openSync(file, 'a');
    writeSync(fd, 'x'.repeat(2000));
    expect(rotateIfLarge(file, 1000)).toBe(true);
    expect(statSync(file).size).toBe(0);
    expect(readFileSync(`${file}.1`, 'utf8')).toBe('x'.repeat(2000));
    writeSync(fd, 'baris baru\n');
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('baris baru\n');
    appendFileSync(file, 'y'.repeat(500));
    expect(rotateIfLarge(file, 1000)).toBe(false);
  });
});
