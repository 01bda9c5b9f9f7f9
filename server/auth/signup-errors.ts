import { isPgError } from '../db/adapter.ts';
import { AuthError } from './errors.ts';
import { log } from '../observability/log.ts';

/**
 * A trigger on auth.users (the app's handle_new_user) refused the new account. GoTrue answers
 * 500 "Database error saving new user", which supabase-js turns into a retryable error whose
 * message is "{}". When the cause is the user's own input (a taken username, a phone number in
 * the wrong format, a name the integrity guard refuses) this server answers 422 with an Indonesian message the sign-up form can
 * show; anything else stays GoTrue's 500.
 */
export function signupDatabaseError(error: unknown): unknown {
  if (!isPgError(error)) return error;
  const where = `${error.constraint ?? ''} ${error.detail ?? ''} ${error.message}`;
  if (error.code === '23505') {
    if (/username/.test(where)) return invalid('Username sudah digunakan. Silakan pilih username lain.');
    if (/phone/.test(where)) return invalid('Nomor HP sudah terdaftar pada akun lain.');
    return invalid('Data pendaftaran sudah digunakan oleh akun lain.');
  }
  if (error.code === '23514' || error.code === '23502' || error.code.startsWith('22')) {
    if (/username/.test(where)) return invalid('Username harus 3-30 karakter berupa huruf, angka, titik, garis bawah atau tanda hubung.');
    if (/phone/.test(where)) return invalid('Mohon gunakan format +62xxxxxxxxxx.');
    if (/full_name/.test(where)) return invalid('Nama lengkap terlalu panjang (maksimal 120 karakter).');
    return invalid('Data pendaftaran tidak valid.');
  }
  // a trigger's own refusal, already in Indonesian (the integrity guard on the full name)
  if (error.code === 'PT400') return invalid(error.message);
  log.error({ err: error }, '[auth] database error saving new user');
  return new AuthError(500, 'unexpected_failure', 'Database error saving new user');
}

function invalid(message: string): AuthError {
  return new AuthError(422, 'validation_failed', message);
}
