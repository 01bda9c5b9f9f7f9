import { describe, expect, it } from 'vitest'
import { checkNewPassword, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT, PHONE_PATTERN } from './validation'

describe('PHONE_PATTERN', () => {
  it('accepts +62 followed by 9 to 12 digits, like registration', () => {
    expect(PHONE_PATTERN.test('+62812345678')).toBe(true)
    expect(PHONE_PATTERN.test('+62812345678901')).toBe(true)
  })

  it('refuses other shapes', () => {
    for (const bad of ['0812345678', '+6281234567', '+628123456789012', '+62 812345678', '62812345678', '+62812a45678'])
      expect(PHONE_PATTERN.test(bad), bad).toBe(false)
  })
})

describe('checkNewPassword', () => {
  it('reports a mismatch before the length', () => {
    expect(checkNewPassword('123', '456')).toBe(PASSWORD_MISMATCH)
    expect(checkNewPassword('12345', '12345')).toBe(PASSWORD_TOO_SHORT)
    expect(checkNewPassword('123456', '123456')).toBeNull()
  })

  it('uses the exact SPEC texts', () => {
    expect(PASSWORD_MISMATCH).toEqual({
      title: 'Password Tidak Cocok',
      description: 'Pastikan password baru dan konfirmasi password sama.',
    })
    expect(PASSWORD_TOO_SHORT).toEqual({ title: 'Password Terlalu Pendek', description: 'Password minimal harus 6 karakter.' })
  })
})
