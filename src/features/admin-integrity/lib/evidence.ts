/**
 * What a superadmin needs to judge a held item: which fields a reader would see, which words and
 * link hosts made the guard hold it (read back from its reasons, which the database writes), and
 * whether the row as stored now is the public version an edit would replace.
 */
export type FieldKind = 'text' | 'html' | 'url' | 'urls'
export type Field = { key: string; label: string; kind: FieldKind }

const FIELDS: Record<string, Field[]> = {
  articles: [
    { key: 'title', label: 'Judul', kind: 'text' },
    { key: 'category', label: 'Kategori', kind: 'text' },
    { key: 'content', label: 'Isi', kind: 'html' },
    { key: 'cover_image_url', label: 'Gambar sampul', kind: 'url' },
    { key: 'image_gallery_urls', label: 'Gambar galeri', kind: 'urls' },
  ],
  unit_texts: [
    { key: 'title', label: 'Judul', kind: 'text' },
    { key: 'body', label: 'Isi', kind: 'html' },
    { key: 'photo_url', label: 'Foto', kind: 'url' },
    { key: 'photo_alt', label: 'Teks alternatif foto', kind: 'text' },
  ],
  info_pages: [
    { key: 'title', label: 'Judul', kind: 'text' },
    { key: 'description', label: 'Deskripsi', kind: 'text' },
    { key: 'body', label: 'Isi', kind: 'html' },
  ],
  unit_posts: [
    { key: 'name', label: 'Nama', kind: 'text' },
    { key: 'officer_rank', label: 'Pangkat', kind: 'text' },
    { key: 'officer_name', label: 'Nama pejabat', kind: 'text' },
    { key: 'officer_title', label: 'Jabatan', kind: 'text' },
    { key: 'note', label: 'Catatan', kind: 'text' },
    { key: 'sections', label: 'Seksi', kind: 'urls' },
    { key: 'photo_url', label: 'Foto', kind: 'url' },
  ],
  past_commanders: [
    { key: 'rank', label: 'Pangkat', kind: 'text' },
    { key: 'name', label: 'Nama', kind: 'text' },
    { key: 'period', label: 'Masa jabatan', kind: 'text' },
    { key: 'photo_url', label: 'Foto', kind: 'url' },
  ],
  galleries: [
    { key: 'name', label: 'Nama', kind: 'text' },
    { key: 'description', label: 'Deskripsi', kind: 'text' },
  ],
  gallery_photos: [
    { key: 'caption', label: 'Keterangan', kind: 'text' },
    { key: 'alt', label: 'Teks alternatif foto', kind: 'text' },
  ],
  public_documents: [
    { key: 'title', label: 'Judul', kind: 'text' },
    { key: 'description', label: 'Deskripsi', kind: 'text' },
  ],
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
