import { formatShortDate, formatShortDateTime } from '@/lib/format'

/** Drafts and scheduling: the editor's choice and the content table's status, all in WIB (UTC+7). */
export type PublishMode = 'draft' | 'now' | 'schedule'
export type PublicationStatus = 'Draf' | 'Terjadwal' | 'Terbit'

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000

export function publicationStatus(publishedAt: string | null, now = Date.now()): PublicationStatus {
  if (publishedAt === null) return 'Draf'
  return new Date(publishedAt).getTime() > now ? 'Terjadwal' : 'Terbit'
}

/** The mode the editor opens with for a stored article (a new one publishes at once, like SPEC.md). */
export function initialMode(publishedAt: string | null | undefined, now = Date.now()): PublishMode {
  if (publishedAt === undefined) return 'now'
  const status = publicationStatus(publishedAt, now)
  return status === 'Draf' ? 'draft' : status === 'Terjadwal' ? 'schedule' : 'now'
}

/** 'YYYY-MM-DD' and 'HH:MM' as read on a clock in Jakarta. */
export function toWibParts(iso: string): { date: string; time: string } {
  const shifted = new Date(new Date(iso).getTime() + WIB_OFFSET_MS).toISOString()
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) }
}

/** The instant a Jakarta date and time name, or null when either is missing or malformed. */
export function fromWibParts(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
  const ms = Date.parse(`${date}T${time}:00+07:00`)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

/**
 * The published_at to store. "Publish now" keeps an already-published article's date, so editing
 * a typo does not move an old article to the top of the news list.
 */
export function publishedAtFor(
  mode: PublishMode,
  schedule: { date: string; time: string },
  current: string | null | undefined,
  now = Date.now(),
): { ok: true; value: string | null } | { ok: false; message: string } {
  if (mode === 'draft') return { ok: true, value: null }
  if (mode === 'now') {
    const keep = current && new Date(current).getTime() <= now
    return { ok: true, value: keep ? current : new Date(now).toISOString() }
  }
  const at = fromWibParts(schedule.date, schedule.time)
  if (at === null) return { ok: false, message: 'Tanggal dan jam terbit wajib diisi.' }
  if (new Date(at).getTime() <= now) return { ok: false, message: 'Jadwal terbit harus di masa depan.' }
  return { ok: true, value: at }
}

/** What the save toast adds to SPEC.md's title: where the article now stands. */
export function savedAs(publishedAt: string | null, now = Date.now()): string {
  const status = publicationStatus(publishedAt, now)
  if (status === 'Draf') return 'Disimpan sebagai draf.'
  if (status === 'Terjadwal') return `Dijadwalkan terbit ${formatShortDateTime(publishedAt as string)}.`
  return 'Sudah terbit.'
}

/** What pressing 'Simpan Artikel' will do, said beside the button. */
export function saveOutcome(mode: PublishMode, schedule: { date: string; time: string }, current: string | null | undefined, now = Date.now()): string {
  if (mode === 'draft') return 'Disimpan sebagai draf: hanya terlihat oleh admin.'
  if (mode === 'now') {
    return current && new Date(current).getTime() <= now ? 'Tetap terbit di situs publik.' : 'Langsung tampil di situs publik, RSS dan peta situs.'
  }
  const at = fromWibParts(schedule.date, schedule.time)
  return at ? `Tampil di situs publik pada ${formatShortDateTime(at)}.` : 'Pilih tanggal dan jam terbit.'
}

/**
 * A phone card's line under the title: the category when there is one, when it was made and when
 * readers see it ('Terbit 10 Des 2026', 'Tayang 10 Des 2026, 08.00'); a draft's badge says the rest.
 */
export function cardLine(article: { category: string | null; created_at: string; published_at: string | null }): string {
  const status = publicationStatus(article.published_at)
  const published = status === 'Terbit' ? `Terbit ${formatShortDate(article.published_at)}`
    : status === 'Terjadwal' ? `Tayang ${formatShortDateTime(article.published_at)}` : null
  return [article.category, `Dibuat ${formatShortDate(article.created_at)}`, published].filter(Boolean).join(' · ')
}
