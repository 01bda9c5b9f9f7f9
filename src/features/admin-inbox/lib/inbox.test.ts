import { describe, expect, it } from 'vitest'
import { DEFAULT_REPLY_SUBJECT, replyHref } from './inbox'

describe('replyHref', () => {
  it('fills the subject with Re: and the sender’s subject', () => {
    expect(replyHref({ email: 'budi@example.com', subject: 'Kunjungan & Tur' })).toBe(
      'mailto:budi%40example.com?subject=Re%3A%20Kunjungan%20%26%20Tur',
    )
  })

  it('uses a default subject when the visitor left it empty', () => {
    const url = new URL(replyHref({ email: 'budi@example.com', subject: '  ' }))
    expect(url.searchParams.get('subject')).toBe(`Re: ${DEFAULT_REPLY_SUBJECT}`)
  })

  it('cannot be made to add recipients or headers through the address', () => {
    const url = new URL(replyHref({ email: 'a@b.c?bcc=spy@evil.example&body=x', subject: 'Halo' }))
    expect([...url.searchParams.keys()]).toEqual(['subject'])
    expect(decodeURIComponent(url.pathname)).toBe('a@b.c?bcc=spy@evil.example&body=x')
  })
})
