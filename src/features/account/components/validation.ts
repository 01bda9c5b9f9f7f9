// Same rule as registration: a plus sign, 62, then 9 to 12 digits.
export const PHONE_PATTERN = /^\+62\d{9,12}$/
export const PHONE_ERROR = { title: 'Format Nomor HP Salah', description: 'Mohon gunakan format +62xxxxxxxxxx.' }

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MISMATCH = {
  title: 'Password Tidak Cocok',
  description: 'Pastikan password baru dan konfirmasi password sama.',
}
export const PASSWORD_TOO_SHORT = { title: 'Password Terlalu Pendek', description: 'Password minimal harus 6 karakter.' }

export function checkNewPassword(password: string, confirmation: string) {
  if (password !== confirmation) return PASSWORD_MISMATCH
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT
  return null
}
