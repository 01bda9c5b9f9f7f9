/**
 * Every error the UI can show from auth, REST and storage, told in Indonesian by its code.
 * Toast titles stay SPEC.md's; this gives the description. An unknown code gets a generic text
 * and the original goes to the console, so nothing English reaches a visitor.
 */
import type { AuthErrorCode } from './auth-error-codes'
import { STORAGE_STATUS_MESSAGES } from './storage-error-messages'

export const GENERIC_ERROR = 'Terjadi kesalahan. Silakan coba lagi.'

/**
 * A session ended while this device was using it. The server only says the session is gone, not
 * why: the member's own 'Keluar dari perangkat lain' elsewhere, a password change or a superadmin's
 * reset all look alike here, so the text names the ordinary causes instead of suggesting an intruder.
 */
export const SESSION_ENDED_ELSEWHERE =
  "Sesi di perangkat ini telah diakhiri, misalnya lewat 'Keluar dari perangkat lain' atau penggantian password. Silakan masuk kembali untuk melanjutkan."

export const SECOND_STEP_OWED_TITLE = 'Verifikasi Dua Langkah Diperlukan'
export const SECOND_STEP_OWED =
  'Superadmin mewajibkan verifikasi dua langkah untuk akun admin. Aktifkan dulu; tulisan Anda tetap tersimpan di perangkat ini.'
/** The same refusal of a write that keeps nothing in this browser (gallery, documents, unit pages...). */
export const SECOND_STEP_OWED_REPEAT =
  'Superadmin mewajibkan verifikasi dua langkah untuk akun admin. Aktifkan dulu, lalu ulangi perubahan Anda.'

const SESSION_ENDED = 'Sesi Anda telah berakhir. Silakan masuk kembali.'

/** Every auth error code, told once in Indonesian (the server's and the browser's one catalog). */
export const AUTH_MESSAGES: Record<AuthErrorCode, string> = {
  invalid_credentials: 'Email atau password salah.',
  email_not_confirmed: 'Email belum dikonfirmasi. Silakan buka tautan konfirmasi yang kami kirim ke email Anda.',
  user_already_exists: 'Email ini sudah terdaftar.',
  email_exists: 'Email ini sudah terdaftar.',
  email_address_invalid: 'Format email tidak valid.',
  weak_password: 'Password minimal 6 karakter.',
  same_password: 'Password baru harus berbeda dari password lama.',
  signup_disabled: 'Pendaftaran sedang ditutup.',
  phone_provider_disabled: 'Pendaftaran dengan nomor HP tidak tersedia.',
  user_banned: 'Akun Anda sedang dinonaktifkan. Hubungi administrator.',
  otp_expired: 'Tautan tidak valid atau sudah kedaluwarsa.',
  otp_disabled: 'Alamat email ini belum terdaftar.',
  reauthentication_needed: 'Masukkan kode verifikasi yang kami kirim ke email Anda untuk mengganti password.',
  reauthentication_not_valid: 'Kode verifikasi salah atau sudah kedaluwarsa. Minta kode baru lalu coba lagi.',
  anonymous_provider_disabled: 'Masuk tanpa akun tidak tersedia.',
  provider_disabled: 'Cara masuk ini tidak tersedia.',
  web3_provider_disabled: 'Cara masuk ini tidak tersedia.',
  saml_provider_disabled: 'Cara masuk ini tidak tersedia.',
  manual_linking_disabled: 'Menautkan akun lain tidak tersedia.',
  passkey_disabled: 'Masuk dengan passkey tidak tersedia.',
  feature_disabled: 'Fitur ini tidak tersedia.',
  not_admin: 'Anda tidak memiliki izin untuk melakukan tindakan ini.',
  no_authorization: 'Anda harus masuk terlebih dahulu.',
  bad_jwt: 'Sesi Anda tidak valid. Silakan masuk kembali.',
  session_not_found: SESSION_ENDED,
  session_expired: SESSION_ENDED,
  user_not_found: 'Akun tidak ditemukan.',
  refresh_token_not_found: SESSION_ENDED,
  refresh_token_already_used: SESSION_ENDED,
  no_anonymous: 'Anda harus masuk dengan akun terdaftar.',
  insufficient_aal: 'Masukkan kode verifikasi dua langkah Anda terlebih dahulu.',
  mfa_verification_failed: 'Kode verifikasi salah atau sudah dipakai. Periksa aplikasi autentikator Anda dan tunggu kode berikutnya.',
  mfa_challenge_expired: 'Waktu verifikasi habis. Silakan coba lagi.',
  mfa_ip_address_mismatch: 'Verifikasi harus diselesaikan dari perangkat yang sama. Silakan coba lagi.',
  mfa_factor_not_found: 'Verifikasi dua langkah tidak ditemukan. Muat ulang halaman lalu coba lagi.',
  mfa_factor_name_conflict: 'Nama perangkat ini sudah dipakai.',
  too_many_enrolled_mfa_factors: 'Terlalu banyak perangkat verifikasi. Hapus salah satu terlebih dahulu.',
  mfa_phone_enroll_not_enabled: 'Verifikasi lewat SMS tidak tersedia. Gunakan aplikasi autentikator.',
  mfa_webauthn_enroll_not_enabled: 'Verifikasi dengan kunci keamanan tidak tersedia. Gunakan aplikasi autentikator.',
  mfa_webauthn_verify_not_enabled: 'Verifikasi dengan kunci keamanan tidak tersedia di alamat ini. Gunakan aplikasi autentikator.',
  webauthn_challenge_not_found: 'Permintaan passkey sudah dipakai atau tidak dikenal. Silakan coba lagi.',
  webauthn_challenge_expired: 'Waktu untuk memakai passkey sudah habis. Silakan coba lagi.',
  webauthn_verification_failed: 'Passkey tidak dikenali untuk akun mana pun di situs ini.',
  webauthn_credential_exists: 'Passkey ini sudah terdaftar.',
  too_many_passkeys: 'Jumlah passkey sudah mencapai batas (10). Hapus salah satu untuk menambah yang baru.',
  over_request_rate_limit: 'Terlalu banyak percobaan. Silakan tunggu sebentar lalu coba lagi.',
  over_email_send_rate_limit: 'Email baru saja dikirim. Silakan tunggu sebentar sebelum meminta lagi.',
  validation_failed: 'Data yang dikirim tidak valid.',
  bad_json: 'Data yang dikirim tidak valid.',
  request_too_large: 'Data yang dikirim terlalu besar.',
  not_found: GENERIC_ERROR,
  method_not_allowed: GENERIC_ERROR,
  unexpected_failure: GENERIC_ERROR,
}

const BY_CODE: Record<string, string> = {
  ...AUTH_MESSAGES,
  // REST (PostgreSQL and PostgREST codes)
  '42501': 'Anda tidak memiliki izin untuk melakukan tindakan ini.',
  '23505': 'Data ini sudah ada.',
  '23514': 'Data tidak memenuhi aturan isian.',
  '23502': 'Ada isian wajib yang kosong.',
  '22P02': 'Format data tidak valid.',
  PGRST116: 'Data tidak ditemukan.',
  PGRST301: 'Sesi Anda tidak valid. Silakan masuk kembali.',
  PGRST303: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  PGRST413: 'Data yang dikirim terlalu besar.',
  // storage: supabase-js passes on the body's statusCode; the names are for callers holding the raw body
  ...STORAGE_STATUS_MESSAGES,
  InvalidMimeType: STORAGE_STATUS_MESSAGES['415'],
  EntityTooLarge: STORAGE_STATUS_MESSAGES['413'],
  Duplicate: STORAGE_STATUS_MESSAGES['409'],
  NoSuchKey: STORAGE_STATUS_MESSAGES['404'],
  AccessDenied: STORAGE_STATUS_MESSAGES['403'],
  InsufficientStorage: STORAGE_STATUS_MESSAGES['507'],
}

/** The restrictive policies that refuse a staff write until the second step is done (migration 20261124150000). */
const SECOND_STEP_POLICY = /row-level security policy "Second step for /

/** True when the database refused a write because the account's second step is owed. */
export function isSecondStepRefusal(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as ErrorLike
  return code === '42501' && typeof message === 'string' && SECOND_STEP_POLICY.test(message)
}

/** Codes whose message the database already writes in Indonesian (the app's own triggers). */
const OWN_MESSAGE_CODES = new Set(['P0001'])
const ENGLISH_DENIAL = /row-level security|permission denied/i

interface ErrorLike {
  code?: unknown
  error?: unknown
  statusCode?: unknown
  status?: unknown
  name?: unknown
  message?: unknown
}

/** The error's codes, most specific first: auth and REST `code`, then Storage's `error` and `statusCode`. */
function codesOf(error: ErrorLike): string[] {
  return [error.code, error.error, error.statusCode]
    .filter((c) => (typeof c === 'string' && c !== '') || typeof c === 'number')
    .map(String)
}

/** The Indonesian description for an error from supabase-js (auth, REST or storage). */
export function describeError(error: unknown): string {
  if (!error || typeof error !== 'object') {
    console.warn('Unrecognised error:', error)
    return GENERIC_ERROR
  }
  const e = error as ErrorLike
  const codes = codesOf(e)
  const message = typeof e.message === 'string' ? e.message : ''
  if (isSecondStepRefusal(error)) return SECOND_STEP_OWED_REPEAT
  // PTxyz: the app's own triggers and functions choosing the HTTP status, with an Indonesian message
  if (codes.some((c) => OWN_MESSAGE_CODES.has(c) || /^PT\d{3}$/.test(c)) && message) return message
  // the app's triggers refuse with 42501 and an Indonesian reason; PostgreSQL's own text is English
  if (codes.includes('42501') && message && !ENGLISH_DENIAL.test(message)) return message
  // thrown by the app itself (new Error('...') in a feature's api), already Indonesian
  if (codes.length === 0 && error instanceof Error && error.name === 'Error' && message) return message
  const known = codes.find((c) => BY_CODE[c])
  if (known) return BY_CODE[known]
  // a row-level security refusal from PostgREST carries 42501 in code; Storage puts it in the text
  if (/row-level security/i.test(message)) return BY_CODE['42501']
  if (e.name === 'AuthRetryableFetchError' || /failed to fetch|network/i.test(message)) {
    return 'Tidak dapat terhubung ke server. Periksa koneksi Anda lalu coba lagi.'
  }
  console.warn('Unmapped error:', error)
  return GENERIC_ERROR
}
