/** Six digits, as authenticator apps show them (spaces a user may type are dropped). */
export const CODE_LENGTH = 6
export const CODE_INCOMPLETE = 'Masukkan 6 digit kode dari aplikasi autentikator.'
export const normaliseCode = (raw: string) => raw.replace(/\s+/g, '')
export const isCompleteCode = (code: string) => /^\d{6}$/.test(code)
