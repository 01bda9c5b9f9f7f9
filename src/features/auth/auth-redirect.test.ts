import { describe, expect, it } from 'vitest'
import { parseLinkFragment } from './auth-redirect'

describe('parseLinkFragment', () => {
  const session = 'access_token=a.b.c&expires_at=1&expires_in=3600&refresh_token=r&sb=&token_type=bearer'

  it('tells a confirmation from a recovery by the type GoTrue appends', () => {
    expect(parseLinkFragment(`#${session}&type=signup`)).toEqual({ kind: 'confirmed' })
    expect(parseLinkFragment(`#${session}&type=email`)).toEqual({ kind: 'confirmed' })
    expect(parseLinkFragment(`#${session}&type=recovery`)).toEqual({ kind: 'recovery' })
  })

  it('reports an expired or reused link by its code', () => {
    const hash = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb='
    expect(parseLinkFragment(hash)).toEqual({ kind: 'invalid', code: 'otp_expired' })
  })

  it('ignores fragments that are no auth redirect, and a type without tokens', () => {
    expect(parseLinkFragment('')).toEqual({ kind: 'none' })
    expect(parseLinkFragment('#konten')).toEqual({ kind: 'none' })
    expect(parseLinkFragment('#type=recovery')).toEqual({ kind: 'none' })
  })
})
