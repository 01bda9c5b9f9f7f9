import { z } from 'zod'
import { PLAIN_NAME_ERROR, isPlainName } from '@/lib/validation/plain-name'
import { PHONE_ERROR, phoneNumber } from '@/lib/validation/rules'

// The schemas of the two auth mutations (signIn, signUp in auth-provider.tsx). A failed parse
// gives SPEC.md's toast (title and description) and a short message under each field at fault.

export const SIGN_IN_INCOMPLETE = { title: 'Form Tidak Lengkap', description: 'Mohon masukkan email dan password.' } as const
/** Signed in, but the profile's status could not be read: the app and the form post both sign out and say this. */
export const STATUS_UNREADABLE = { title: 'Login Gagal', description: 'Tidak dapat memverifikasi status akun Anda.' } as const
export const SIGN_UP_INCOMPLETE = { title: 'Form Tidak Lengkap', description: 'Mohon isi semua field untuk mendaftar.' } as const
export const REQUIRED = 'Wajib diisi.'

const required = z.string().trim().min(1, REQUIRED)

export const signInSchema = z.object({
  email: required,
  password: z.string().min(1, REQUIRED),
})

export const signUpSchema = z
  .object({
    fullName: required,
    username: required,
    email: required,
    phoneNumber: required,
    password: z.string().min(1, REQUIRED),
  })
  // the format is checked once every field is filled, as SPEC.md orders the two messages
  .superRefine((value, ctx) => {
    const phone = phoneNumber.safeParse(value.phoneNumber)
    if (value.phoneNumber.trim() !== '' && !phone.success) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: PHONE_ERROR.description })
    }
    if (value.fullName.trim() !== '' && !isPlainName(value.fullName.trim())) {
      ctx.addIssue({ code: 'custom', path: ['fullName'], message: PLAIN_NAME_ERROR })
    }
  })

export type SignInInput = z.infer<typeof signInSchema>
export type SignUpInput = z.infer<typeof signUpSchema>

export const NAME_FORMAT_ERROR = { title: 'Format Nama Salah', description: PLAIN_NAME_ERROR } as const

/** The toast for a failed parse: missing fields first, then the phone format, then the name's. */
export function signUpProblem(errors: Partial<Record<keyof SignUpInput, string>>) {
  if (Object.values(errors).includes(REQUIRED)) return SIGN_UP_INCOMPLETE
  return errors.phoneNumber ? PHONE_ERROR : NAME_FORMAT_ERROR
}
