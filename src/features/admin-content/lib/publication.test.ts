import { describe, expect, it } from 'vitest'
import { cardLine, fromWibParts, initialMode, publicationStatus, publishedAtFor, saveOutcome, savedAs, toWibParts } from './publication'

const now = Date.parse('2026-11-23T05:00:00Z') // 12:00 WIB

describe('publication helpers', () => {
  it('names the status the content table shows', () => {
    expect(publicationStatus(null, now)).toBe('Draf')
    expect(publicationStatus('2026-11-24T00:00:00Z', now)).toBe('Terjadwal')
    expect(publicationStatus('2026-11-22T00:00:00Z', now)).toBe('Terbit')
  })

  it('reads and writes schedule times on Jakarta clocks', () => {
    expect(fromWibParts('2026-11-24', '08:30')).toBe('2026-11-24T01:30:00.000Z')
    expect(toWibParts('2026-11-23T20:15:00Z')).toEqual({ date: '2026-11-24', time: '03:15' })
    expect(fromWibParts('', '08:30')).toBeNull()
  })

  it('opens a new article on publish-now and stored ones on their own state', () => {
    expect(initialMode(undefined, now)).toBe('now')
    expect(initialMode(null, now)).toBe('draft')
    expect(initialMode('2026-11-30T00:00:00Z', now)).toBe('schedule')
  })

  it('keeps an old publish date, refuses a past or missing schedule', () => {
    const empty = { date: '', time: '' }
    expect(publishedAtFor('draft', empty, '2026-01-01T00:00:00Z', now)).toEqual({ ok: true, value: null })
    expect(publishedAtFor('now', empty, '2026-01-01T00:00:00Z', now)).toEqual({ ok: true, value: '2026-01-01T00:00:00Z' })
    expect(publishedAtFor('now', empty, null, now)).toEqual({ ok: true, value: new Date(now).toISOString() })
    expect(publishedAtFor('schedule', empty, null, now)).toEqual({ ok: false, message: 'Tanggal dan jam terbit wajib diisi.' })
    expect(publishedAtFor('schedule', { date: '2026-11-23', time: '11:00' }, null, now)).toEqual({
      ok: false,
      message: 'Jadwal terbit harus di masa depan.',
    })
    expect(publishedAtFor('schedule', { date: '2026-11-23', time: '13:00' }, null, now)).toEqual({
      ok: true,
      value: '2026-11-23T06:00:00.000Z',
    })
  })

  it('says beside the button what the save will do', () => {
    const none = { date: '', time: '' }
    expect(saveOutcome('draft', none, undefined, now)).toBe('Disimpan sebagai draf: hanya terlihat oleh admin.')
    expect(saveOutcome('now', none, undefined, now)).toBe('Langsung tampil di situs publik, RSS dan peta situs.')
    expect(saveOutcome('now', none, '2026-11-01T00:00:00Z', now)).toBe('Tetap terbit di situs publik.')
    expect(saveOutcome('schedule', none, undefined, now)).toBe('Pilih tanggal dan jam terbit.')
    expect(saveOutcome('schedule', { date: '2026-11-24', time: '08:30' }, undefined, now)).toMatch(/^Tampil di situs publik pada 24 .*08[.:]30/)
  })

  it('tells in the save toast where the article now stands', () => {
    expect(savedAs(null, now)).toBe('Disimpan sebagai draf.')
    expect(savedAs('2026-11-22T00:00:00Z', now)).toBe('Sudah terbit.')
    expect(savedAs('2026-11-24T01:30:00Z', now)).toMatch(/^Dijadwalkan terbit 24 /)
  })
})

describe('cardLine', () => {
  const created_at = '2026-12-07T01:25:00Z'
  it('names no empty category and no publication date for a draft', () => {
    expect(cardLine({ category: null, created_at, published_at: null })).toBe('Dibuat 7 Des 2026')
  })
  it('says when readers see a published or scheduled article, once', () => {
    expect(cardLine({ category: 'Latihan', created_at, published_at: '2026-12-07T02:00:00Z' })).toBe('Latihan · Dibuat 7 Des 2026 · Terbit 7 Des 2026')
    expect(cardLine({ category: 'Latihan', created_at, published_at: '2099-12-10T01:00:00Z' })).toBe('Latihan · Dibuat 7 Des 2026 · Tayang 10 Des 2099, 08.00')
  })
})
