import { afterEach, describe, expect, it, vi } from 'vitest'
import { GENERIC_ERROR, SECOND_STEP_OWED_REPEAT, describeError, isSecondStepRefusal } from './error-messages'

afterEach(() => vi.restoreAllMocks())

describe('describeError', () => {
  it('tells the auth errors the issue names in Indonesian', () => {
    expect(describeError({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe('Email atau password salah.')
    expect(describeError({ code: 'email_not_confirmed', message: 'Email not confirmed' })).toMatch(/^Email belum dikonfirmasi/)
    expect(describeError({ code: 'weak_password', message: 'Password should be at least 6 characters.' })).toBe('Password minimal 6 karakter.')
    expect(describeError({ code: 'over_email_send_rate_limit', message: 'For security purposes, you can only request this after 58 seconds.' }))
      .toMatch(/^Email baru saja dikirim/)
  })

  it('maps REST and storage codes, and keeps the Indonesian messages of the app triggers', () => {
    expect(describeError({ code: '42501', message: 'new row violates row-level security policy' })).toMatch(/izin/)
    expect(describeError({ code: 'P0001', message: 'Terlalu banyak pesan dikirim.' })).toBe('Terlalu banyak pesan dikirim.')
    expect(describeError({ statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }))
      .toMatch(/^Ukuran file melebihi batas/)
    expect(describeError({ statusCode: '422', message: 'The file is not a valid image or is damaged' })).toMatch(/^File gambar rusak/)
    expect(describeError({ error: 'InvalidMimeType', message: 'mime type image/svg+xml is not supported' })).toMatch(/^Jenis file/)
    expect(describeError({ message: 'new row violates row-level security policy' })).toMatch(/izin/)
    expect(describeError({ code: '42501', message: 'Hanya superadmin yang dapat mengubah peran atau status.' }))
      .toBe('Hanya superadmin yang dapat mengubah peran atau status.')
    expect(describeError(new Error('Pengguna tidak ditemukan.'))).toBe('Pengguna tidak ditemukan.')
  })

  it('tells a write refused for want of a second step apart from other refusals, in Indonesian', () => {
    const refusal = { code: '42501', message: 'new row violates row-level security policy "Second step for writes" for table "articles"' }
    expect(isSecondStepRefusal(refusal)).toBe(true)
    expect(describeError(refusal)).toBe(SECOND_STEP_OWED_REPEAT)
    expect(isSecondStepRefusal({ code: '42501', message: 'new row violates row-level security policy "Authors write" for table "articles"' })).toBe(false)
    expect(isSecondStepRefusal({ code: '23505', message: 'policy "Second step for writes"' })).toBe(false)
  })

  it('gives a generic Indonesian text for anything unknown and logs the original', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const original = { code: 'something_new', message: 'Something new went wrong' }
    expect(describeError(original)).toBe(GENERIC_ERROR)
    expect(warn).toHaveBeenCalledWith('Unmapped error:', original)
    expect(describeError(undefined)).toBe(GENERIC_ERROR)
  })
})
