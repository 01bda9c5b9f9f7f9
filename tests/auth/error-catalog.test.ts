import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AUTH_ERROR_CODES, isAuthErrorCode } from '@/lib/auth-error-codes'
import { AUTH_MESSAGES, describeError, GENERIC_ERROR } from '@/lib/error-messages'

describe('the auth error catalog', () => {
  it('tells every code the server may answer in Indonesian, as supabase-js hands it over', () => {
    for (const code of AUTH_ERROR_CODES) {
      const shown = describeError({ name: 'AuthApiError', code, status: 400, message: 'Some English text' })
      expect(shown, code).toBe(AUTH_MESSAGES[code])
      expect(shown, code).not.toMatch(/\b(the|invalid|error|please|password should)\b/i)
    }
  })

  it('lists each code once and knows no other', () => {
    expect(new Set(AUTH_ERROR_CODES).size).toBe(AUTH_ERROR_CODES.length)
    expect(isAuthErrorCode('invalid_credentials')).toBe(true)
    expect(isAuthErrorCode('made_up_code')).toBe(false)
    expect(describeError({ code: 'made_up_code', message: 'Made up' })).toBe(GENERIC_ERROR)
  })

  it('is where every code the auth server writes comes from', () => {
    const dir = new URL('../../server/auth/', import.meta.url)
    const written = new Set<string>()
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const text = readFileSync(new URL(file, dir), 'utf8')
      for (const [, code] of text.matchAll(/AuthError\([^,()]+,\s*'([a-z_]+)'/g)) written.add(code)
      for (const [, code] of text.matchAll(/fail\(\d+,\s*'([a-z_]+)'/g)) written.add(code)
    }
    expect(written.size).toBeGreaterThan(20)
    expect([...written].filter((code) => !isAuthErrorCode(code))).toEqual([])
  })
})
