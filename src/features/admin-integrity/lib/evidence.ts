/**
 * What a superadmin needs to judge a held item: which fields a reader would see, which words and
 * link hosts made the guard hold it (read back from its reasons, which the database writes), and
 * whether the row as stored now is the public version an edit would replace.
 */
export type FieldKind = 'text' | 'html' | 'url' | 'urls'
export type Field = { key: string; label: string; kind: FieldKind }

const field = (kind: FieldKind) => (key: string, label: string): Field => ({ key, label, kind })
const [text, html, url, urls] = [field('text'), field('html'), field('url'), field('urls')]
const TITLE = text('title', 'Judul')
const DESCRIPTION = text('description', 'Deskripsi')
const PHOTO = url('photo_url', 'Foto')

const FIELDS: Record<string, Field[]> = {
  articles: [TITLE, text('category', 'Kategori'), html('content', 'Isi'), url('cover_image_url', 'Gambar sampul'), urls('image_gallery_urls', 'Gambar galeri')],
  unit_texts: [TITLE, html('body', 'Isi'), PHOTO, text('photo_alt', 'Teks alternatif foto')],
  info_pages: [TITLE, DESCRIPTION, html('body', 'Isi')],
  unit_posts: [
    text('name', 'Nama'), text('officer_rank', 'Pangkat'), text('officer_name', 'Nama pejabat'), text('officer_title', 'Jabatan'),
    text('note', 'Catatan'), urls('sections', 'Seksi'), PHOTO,
  ],
  past_commanders: [text('rank', 'Pangkat'), text('name', 'Nama'), text('period', 'Masa jabatan'), PHOTO],
  galleries: [text('name', 'Nama'), DESCRIPTION],
  gallery_photos: [text('caption', 'Keterangan'), text('alt', 'Teks alternatif foto')],
  public_documents: [TITLE, DESCRIPTION],
}

export const fieldsOf = (table: string): Field[] => FIELDS[table] ?? []

export type Row = Record<string, unknown>

/** A field's value as text ('' when empty); a list becomes one entry a line. */
export function valueOf(row: Row | null | undefined, field: Field): string {
  const value = row?.[field.key]
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join('\n')
  return typeof value === 'string' ? value : ''
}

const WORDS_REASON = /^Kata yang lazim di spam judi: (.+)$/
const HOSTS_REASON = /^Tautan ke domain yang belum pernah ditautkan: (.+)$/

/** The terms named in the reasons, without the guard's ' (disamarkan)' note. */
export function suspiciousTerms(reasons: string[]): string[] {
  return reasons.flatMap((reason) => WORDS_REASON.exec(reason)?.[1].split(', ').map((t) => t.replace(/ \(disamarkan\)$/, '').trim()) ?? [])
    .filter(Boolean)
}

/** The hosts the guard had never seen linked before. */
export function newHosts(reasons: string[]): string[] {
  return reasons.flatMap((reason) => HOSTS_REASON.exec(reason)?.[1].split(', ').map((h) => h.trim().toLowerCase()) ?? [])
    .filter(Boolean)
}

// the digit disguises the guard undoes ('s1ot', 'g4cor'), so the marked text shows them too
const DISGUISES: Record<string, string> = { a: 'a4@', e: 'e3', i: 'i1!', l: 'l1', o: 'o0', s: 's5$', t: 't7', g: 'g9' }
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')

/**
 * One expression finding any of the terms as a word, also when disguised with digits or glued
 * to digits ('slot777'); null when there is nothing to mark.
 */
export function termPattern(terms: string[]): RegExp | null {
  if (terms.length === 0) return null
  const alternatives = terms.map((term) => [...term.toLowerCase()]
    .map((c) => (c === ' ' ? '\\s+' : DISGUISES[c] ? `[${escape(DISGUISES[c])}]` : escape(c))).join(''))
  return new RegExp(`(?<!\\p{L})(?:${alternatives.join('|')})(?!\\p{L})`, 'giu')
}

export type Piece = { text: string; marked: boolean }

/** The text cut into pieces, the ones matching `pattern` marked. */
export function markPieces(text: string, pattern: RegExp | null): Piece[] {
  if (!pattern || !text) return text ? [{ text, marked: false }] : []
  const pieces: Piece[] = []
  let at = 0
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) pieces.push({ text: text.slice(at, match.index), marked: false })
    pieces.push({ text: match[0], marked: true })
    at = match.index + match[0].length
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false })
  return pieces
}

/** The link's real target, resolved against the site as a reader's browser would. */
export function linkTarget(href: string, site: string): { url: string; host: string; outbound: boolean } {
  try {
    const url = new URL(href, site)
    return { url: url.href, host: url.hostname.toLowerCase(), outbound: url.host !== new URL(site).host }
  } catch {
    return { url: href, host: '', outbound: true }
  }
}

// the tables whose rows are drafts until their publication time
const DATED = new Set(['articles', 'public_documents'])

/**
 * The row as stored is what readers see now (a held edit keeps the public columns): for an
 * article or a document only while it is published; galleries, photos, structure rows and pages
 * are public as they are.
 */
export function isPublicVersion(table: string, row: Row | null | undefined, now = Date.now()): boolean {
  if (!row) return false
  if (!DATED.has(table)) return true
  const at = row.published_at
  return typeof at === 'string' && Date.parse(at) <= now
}
