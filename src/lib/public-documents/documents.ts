// Dokumen Informasi Publik as visitors and staff see them (decision 0029). Relative imports only
// and no browser libraries: the server's sitemap reads the same helpers.

export const DOCUMENT_CATEGORIES = ['berkala', 'serta_merta', 'setiap_saat'] as const
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]

/** The categories of UU 14/2008 as a visitor reads them, in the law's order. */
export const CATEGORY_LABELS: Record<DocumentCategory, string> = {
  berkala: 'Informasi Berkala',
  serta_merta: 'Informasi Serta Merta',
  setiap_saat: 'Informasi Setiap Saat',
}

export const isDocumentCategory = (value: string | null | undefined): value is DocumentCategory =>
  (DOCUMENT_CATEGORIES as readonly string[]).includes(value ?? '')

/** The types the `documents` bucket takes (its allowed_mime_types), with the name a reader knows. */
export const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/vnd.oasis.opendocument.presentation': 'ODP',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/webp': 'WEBP',
}

/** At most 20 MB, as the bucket's file_size_limit. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024

export const documentTypeLabel = (mime: string) => DOCUMENT_TYPES[mime] ?? 'Berkas'

const sizeFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 })

/** '850 KB', '1,2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} KB`
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`
}

/**
 * The address of a published document's file: the bucket is private, so the storage API checks
 * its policies; a plain link cannot send headers, so the public anon key rides in the query, which
 * the gateway (ours and Supabase's) accepts.
 */
export function documentFileUrl(storageBase: string, anonKey: string, doc: { file_path: string; title: string }): string {
  const name = doc.file_path.split('/').map(encodeURIComponent).join('/')
  const download = encodeURIComponent(documentFileName(doc))
  return `${storageBase}/storage/v1/object/authenticated/documents/${name}?apikey=${encodeURIComponent(anonKey)}&download=${download}`
}

/**
 * The name a download is saved under (the storage API's `download` parameter, ours and Supabase's,
 * sends it as Content-Disposition): the document's title with the file's extension, without the
 * characters file systems refuse, instead of the storage key.
 */
export function documentFileName({ file_path, title }: { file_path: string; title: string }): string {
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(file_path)?.[0].toLowerCase() ?? ''
  // eslint-disable-next-line no-control-regex
  const base = title.replace(/[\u0000-\u001f\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120).trim()
  return `${base || 'dokumen'}${extension}`
}

export type DocumentFilters = { search: string; category: DocumentCategory | null; year: number | null }

export const MAX_DOCUMENT_SEARCH = 100

/** ?cari=&kategori=&tahun= as the list reads them; anything unknown is no filter. */
export function readDocumentFilters(params: URLSearchParams): DocumentFilters {
  const category = params.get('kategori')
  const year = Number(params.get('tahun'))
  return {
    search: (params.get('cari') ?? '').trim().slice(0, MAX_DOCUMENT_SEARCH),
    category: isDocumentCategory(category) ? category : null,
    year: Number.isInteger(year) && year >= 1945 && year <= 9999 ? year : null,
  }
}

/** The filters as the list's query, in one order ('' for none): its links and its cache key. */
export function documentSearch(filters: DocumentFilters): string {
  const params = new URLSearchParams()
  if (filters.search) params.set('cari', filters.search)
  if (filters.category) params.set('kategori', filters.category)
  if (filters.year) params.set('tahun', String(filters.year))
  const query = params.toString()
  return query ? `?${query}` : ''
}

type Filterable = { title: string; description: string | null; category: string; year: number }

const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** The documents matching every word of the search (title or description), the category and year. */
export function filterDocuments<T extends Filterable>(documents: T[], filters: DocumentFilters): T[] {
  const words = folded(filters.search).split(/\s+/).filter(Boolean)
  return documents.filter((doc) => {
    if (filters.category && doc.category !== filters.category) return false
    if (filters.year && doc.year !== filters.year) return false
    const text = folded(`${doc.title} ${doc.description ?? ''}`)
    return words.every((word) => text.includes(word))
  })
}

/** Category (in the law's order), then year (newest first), each with its documents. */
export function groupDocuments<T extends Filterable>(documents: T[]): { category: DocumentCategory; years: { year: number; documents: T[] }[] }[] {
  return DOCUMENT_CATEGORIES.map((category) => {
    const inCategory = documents.filter((doc) => doc.category === category)
    const years = [...new Set(inCategory.map((doc) => doc.year))].sort((a, b) => b - a)
    return { category, years: years.map((year) => ({ year, documents: inCategory.filter((doc) => doc.year === year) })) }
  }).filter((group) => group.years.length > 0)
}
