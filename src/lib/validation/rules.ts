import { z } from 'zod'

// The rules SPEC.md states once for every form that asks for a phone number, e-mail or password.
// Each form builds its own schema from these, beside the mutation it feeds.

export const PHONE_PATTERN = /^\+62\d{9,12}$/
export const PHONE_ERROR = { title: 'Format Nomor HP Salah', description: 'Mohon gunakan format +62xxxxxxxxxx.' } as const
export const phoneNumber = z.string().trim().regex(PHONE_PATTERN, PHONE_ERROR.description)

export const email = z.string().trim().email('Mohon masukkan alamat email yang valid.')

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_TOO_SHORT = { title: 'Password Terlalu Pendek', description: 'Password minimal harus 6 karakter.' } as const
export const PASSWORD_MISMATCH = {
  title: 'Password Tidak Cocok',
  description: 'Pastikan password baru dan konfirmasi password sama.',
} as const
export const password = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT.description)

/** New password + confirmation, as the security tab and the recovery form ask for them. */
export const newPasswordSchema = z
  .object({ password: z.string(), confirmation: z.string() })
  .superRefine((value, ctx) => {
    // SPEC.md checks the match before the length, so a mismatch is reported first.
    if (value.password !== value.confirmation) {
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: PASSWORD_MISMATCH.description })
    } else if (value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_TOO_SHORT.description })
    }
  })
