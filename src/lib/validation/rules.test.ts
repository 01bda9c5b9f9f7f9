import { describe, expect, it } from 'vitest'
import { email, newPasswordSchema, phoneNumber } from './rules'

describe('shared form rules', () => {
  it('accepts +62 followed by 9 to 12 digits only', () => {
    expect(phoneNumber.safeParse('+62812345678').success).toBe(true)
    expect(phoneNumber.safeParse('+628123456789012').success).toBe(false)
    expect(phoneNumber.safeParse('0812345678').success).toBe(false)
    expect(phoneNumber.safeParse('+6281234567').success).toBe(false)
    expect(phoneNumber.safeParse('+628123456').success).toBe(false)
  })

  it('rejects an address without a domain', () => {
    expect(email.safeParse('a@contoh.id').success).toBe(true)
    expect(email.safeParse('a@').success).toBe(false)
  })

  it('reports a mismatch before a short password, in SPEC.md words', () => {
    const mismatch = newPasswordSchema.safeParse({ password: 'abc', confirmation: 'abd' })
    expect(mismatch.error?.issues[0].message).toBe('Pastikan password baru dan konfirmasi password sama.')
    const short = newPasswordSchema.safeParse({ password: 'abc', confirmation: 'abc' })
    expect(short.error?.issues[0].message).toBe('Password minimal harus 6 karakter.')
    expect(newPasswordSchema.safeParse({ password: 'abcdef', confirmation: 'abcdef' }).success).toBe(true)
  })
})
