/**
 * PostgreSQL's log (DATA_DIR/postgres.log) kept within a size: past the limit it is copied to
 * postgres.log.1 (replacing the older copy) and emptied in place, as logrotate's copytruncate
 * does. PostgreSQL keeps writing to the same open file, which it was given in append mode, so
 * nothing is lost between the copy and the truncation but what is written in that instant.
 * At most about twice the limit is on disk, whatever a client makes the server log.
 */
import { chmodSync, copyFileSync, statSync, truncateSync } from 'node:fs';
import { log } from '../observability/log.ts';

export const LOG_MAX_BYTES = 16 * 1024 * 1024;
const CHECK_EVERY_MS = 10_000;

/** True when the log was over `maxBytes` and has been rotated. */
export function rotateIfLarge(file: string, maxBytes = LOG_MAX_BYTES): boolean {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return false;
  }
  if (size <= maxBytes) return false;
  copyFileSync(file, `${file}.1`);
  chmodSync(`${file}.1`, 0o600);
  truncateSync(file, 0);
  return true;
}

/** Checks the log now and every few seconds; returns the function that stops checking. */
export function boundLog(file: string, maxBytes = LOG_MAX_BYTES): () => void {
  const check = () => {
    try {
      rotateIfLarge(file, maxBytes);
    } catch (error) {
      log.error({ err: error }, `[db] could not rotate ${file}`);
    }
  };
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
