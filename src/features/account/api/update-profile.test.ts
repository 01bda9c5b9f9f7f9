import { describe, expect, it } from 'vitest'
import { profileFormSchema, USERNAME_ERROR } from './update-profile'

describe('profileFormSchema', () => {
  it('stores an empty name or phone as null and trims the rest', () => {
    expect(profileFormSchema.parse({ full_name: ' Budi ', username: ' budi ', phone_number: ' ' })).toEqual({
      full_name: 'Budi',
      username: 'budi',
      phone_number: null,
    })
  })

  it('refuses an empty username with its own message', () => {
    const result = profileFormSchema.safeParse({ full_name: 'Budi', username: '   ', phone_number: '' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['username', USERNAME_ERROR.description]])
  })

  it('accepts an empty phone number or +62 with 9 to 12 digits, nothing else', () => {
    expect(profileFormSchema.parse({ full_name: '', username: 'budi', phone_number: '+6281234567890' }).phone_number).toBe('+6281234567890')
    for (const bad of ['081234567890', '+62 812345678', '+6212345678']) {
      const result = profileFormSchema.safeParse({ full_name: '', username: 'budi', phone_number: bad })
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message), bad).toEqual(['Mohon gunakan format +62xxxxxxxxxx.'])
    }
  })
})
