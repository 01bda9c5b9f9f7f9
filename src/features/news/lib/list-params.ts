// The /kegiatan query string (?halaman=, ?kategori=, ?cari=), read the same way by the server's
// render and the browser's, so a URL always names one list.

export const PAGE_SIZE = 12
/** Longer searches are cut: the database never parses an unbounded text. */
export const MAX_SEARCH_LENGTH = 200
/** A category is at most 60 characters (database check); a longer one cannot match. */
const MAX_CATEGORY_LENGTH = 60
const MAX_PAGE = 99_999

export const PARAM = { page: 'halaman', category: 'kategori', search: 'cari' } as const

export type ListParams = {
  page: number
  category: string | null
  search: string | null
}

/** null when the page number is not a page (abc, 0, -1, 1.5): the server answers 404. */
export function readListParams(search: URLSearchParams): ListParams | null {
  const rawPage = search.get(PARAM.page)
  let page = 1
  if (rawPage !== null) {
    if (!/^[1-9]\d{0,4}$/.test(rawPage)) return null
    page = Number(rawPage)
    if (page > MAX_PAGE) return null
  }
  const category = search.get(PARAM.category)?.trim().slice(0, MAX_CATEGORY_LENGTH + 1) || null
  const text = search.get(PARAM.search)?.replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH).trim() || null
  return { page, category, search: text }
}

/** The query string of a list, without empty or default parameters ("" for the first page of all). */
export function listSearch({ page, category, search }: Partial<ListParams>): string {
  const query = new URLSearchParams()
  if (category) query.set(PARAM.category, category)
  if (search) query.set(PARAM.search, search)
  if (page && page > 1) query.set(PARAM.page, String(page))
  const text = query.toString()
  return text ? `?${text}` : ''
}

/**
 * The title of one list page: each page and filter is its own page for readers' tabs, history
 * and search results, e.g. 'Berita & Kegiatan · Kategori Latihan · Halaman 2'.
 */
export function listTitle(base: string, { page, category, search }: ListParams): string {
  return [
    base,
    search && `Pencarian “${search}”`,
    category && `Kategori ${category}`,
    page > 1 && `Halaman ${page}`,
  ].filter(Boolean).join(' · ')
}

/** A PostgREST imatch pattern equal to `value` whatever its case (every regex character escaped). */
export function caseInsensitiveEquals(value: string): string {
  return `^${value.replace(/[\\^$.|?*+()[\]{}]/g, (ch) => `\\${ch}`)}$`
}
