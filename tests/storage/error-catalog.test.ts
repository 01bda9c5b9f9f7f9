/**
 * Every refusal the storage server can send reaches staff in Indonesian, and only the ones that
 * can succeed unchanged later say "coba lagi" (issue 44: a full disk answered 'Terjadi kesalahan.
 * Silakan coba lagi.').
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR, describeError } from '@/lib/error-messages';
import { DISK_FULL_MESSAGE, RETRYABLE_STORAGE_STATUSES } from '@/lib/storage-error-messages';
import { errors, type StorageError } from '../../server/storage/errors.ts';

afterEach(() => vi.restoreAllMocks());

/** Each factory called with plausible arguments: every error the server can answer with. */
function everyError(): [string, StorageError][] {
  return Object.entries(errors).map(([name, make]) => {
    const args: unknown[] = { invalidRange: [10], slowDown: [429, 5], imageTooLarge: [20_000, 20_000, 100_000_000] }[name]
      ?? (name === 'mimeTypeMismatch' ? ['image/png', 'text/html'] : name === 'routeNotFound' ? ['GET', '/x'] : ['some English detail']);
    return [name, (make as (...a: unknown[]) => StorageError)(...args)];
  });
}

/** What storage-js hands the app for that answer: a StorageApiError from the body's message and statusCode. */
function asStorageJsHandsIt(error: StorageError) {
  const body = error.body();
  const status = error.httpStatus ?? (error.status >= 500 ? 500 : 400);
  return Object.assign(new Error(body.message), { name: 'StorageApiError', status, statusCode: body.statusCode, __isStorageError: true });
}

describe('the storage error catalog', () => {
  it('has an Indonesian text for every error the server answers with', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const found = everyError();
    expect(found.length).toBeGreaterThan(20);
    for (const [name, error] of found) {
      const shown = describeError(asStorageJsHandsIt(error));
      expect(shown, name).not.toBe(GENERIC_ERROR);
      expect(shown, name).not.toMatch(/\b(the|invalid|error|not found|please)\b/i);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('says "coba lagi" only where trying again unchanged can succeed', () => {
    for (const [name, error] of everyError()) {
      const shown = describeError(asStorageJsHandsIt(error));
      const retryable = (RETRYABLE_STORAGE_STATUSES as readonly string[]).includes(String(error.status));
      if (retryable) expect(shown, name).toMatch(/coba lagi/i);
      else expect(shown, name).not.toMatch(/coba lagi/i);
    }
  });

  it('shows the full disk in the server\'s own words', () => {
    expect(describeError(asStorageJsHandsIt(errors.diskFull()))).toBe(DISK_FULL_MESSAGE);
    expect(errors.diskFull().body().message).toBe(DISK_FULL_MESSAGE);
  });
});
