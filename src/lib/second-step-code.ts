import { toast } from './toast'

/** Six digits, as authenticator apps show them (spaces a user may type are dropped). */
export const CODE_LENGTH = 6
export const CODE_INCOMPLETE = 'Masukkan 6 digit kode dari aplikasi autentikator.'

/**
 * The typed code ready to send, or null after telling the user it is incomplete (the field's
 * message through `setError`, and SPEC.md-style toast).
 */
export function completeCode(raw: string, setError: (message: string) => void): string | null {
  const code = raw.replace(/\s+/g, '')
  if (/^\d{6}$/.test(code)) return code
  setError(CODE_INCOMPLETE)
  toast.error('Kode Tidak Lengkap', { description: CODE_INCOMPLETE })
  return null
}
