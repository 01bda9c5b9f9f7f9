import { describe, expect, it } from 'vitest'
import type { ContactMessage } from '../api/get-messages'
import { DEFAULT_REPLY_SUBJECT, filterMessages, replyHref } from './inbox'

const message = (over: Partial<ContactMessage>): ContactMessage => ({
  id: crypto.randomUUID(),
  name: 'Budi',
  email: 'budi@example.com',
  phone: null,
  subject: null,
  message: 'Halo',
  created_at: '2026-11-23T01:00:00Z',
  read_at: null,
  archived_at: null,
  sender_address: null,
  ...over,
})

describe('filterMessages', () => {
  const inbox = message({ name: 'Siti Aminah', subject: 'Kunjungan Sekolah' })
  const archived = message({ name: 'Joko', archived_at: '2026-11-23T02:00:00Z', message: 'Jadwal latihan?' })

  it('splits inbox and archive', () => {
    expect(filterMessages([inbox, archived], 'inbox', '')).toEqual([inbox])
    expect(filterMessages([inbox, archived], 'archived', '')).toEqual([archived])
  })

  it('searches name, address, subject and text without regard to case', () => {
    expect(filterMessages([inbox], 'inbox', '  KUNJUNGAN ')).toEqual([inbox])
    expect(filterMessages([inbox], 'inbox', 'budi@example')).toEqual([inbox])
    expect(filterMessages([archived], 'archived', 'latihan')).toEqual([archived])
    expect(filterMessages([inbox], 'inbox', 'tidak ada')).toEqual([])
  })

  it('treats pattern characters literally', () => {
    expect(filterMessages([inbox], 'inbox', '.*')).toEqual([])
    expect(filterMessages([message({ message: 'harga 100%' })], 'inbox', '100%')).toHaveLength(1)
  })
})

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
