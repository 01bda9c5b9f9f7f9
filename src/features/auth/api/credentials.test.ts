import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/lib/validation/field-errors'
import { PHONE_ERROR } from '@/lib/validation/rules'
import { REQUIRED, SIGN_UP_INCOMPLETE, signInSchema, signUpProblem, signUpSchema } from './credentials'

const complete = { fullName: 'Budi', username: 'budi', email: 'budi@contoh.id', phoneNumber: '+6281234567890', password: 'rahasia' }

describe('signInSchema', () => {
  it('needs both fields and trims the e-mail', () => {
    const failed = signInSchema.safeParse({ email: ' ', password: '' })
    expect(failed.success || fieldErrors(failed.error)).toEqual({ email: REQUIRED, password: REQUIRED })
    expect(signInSchema.parse({ email: ' a@b.id ', password: 'x' })).toEqual({ email: 'a@b.id', password: 'x' })
  })
})

describe('signUpSchema', () => {
  it('reports missing fields before the phone format, with SPEC.md toasts', () => {
    const failed = signUpSchema.safeParse({ ...complete, fullName: '', phoneNumber: '0812' })
    const errors = failed.success ? {} : fieldErrors(failed.error)
    expect(errors.fullName).toBe(REQUIRED)
    expect(signUpProblem(errors)).toBe(SIGN_UP_INCOMPLETE)
  })

  it('refuses phone numbers that are not +62 and 9 to 12 digits', () => {
    for (const bad of ['081234567890', '+6212345678', '+621234567890123', '+62 8123456789']) {
      const failed = signUpSchema.safeParse({ ...complete, phoneNumber: bad })
      const errors = failed.success ? {} : fieldErrors(failed.error)
      expect(errors, bad).toEqual({ phoneNumber: PHONE_ERROR.description })
      expect(signUpProblem(errors)).toBe(PHONE_ERROR)
    }
    expect(signUpSchema.safeParse(complete).success).toBe(true)
  })
})
