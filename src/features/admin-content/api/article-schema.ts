import { z } from 'zod'
import { htmlToText } from '@/lib/format'

// SPEC.md: title and content are required, with one toast for both. The lengths are the table's
// own checks (supabase/migrations/20261122000100_app_schema.sql), said before the server refuses.
export const ARTICLE_INCOMPLETE = {
  title: 'Data Tidak Lengkap',
  description: 'Judul dan isi artikel tidak boleh kosong.',
} as const
export const ARTICLE_INVALID_TITLE = 'Data Tidak Valid'
export const TITLE_MAX = 200
export const CATEGORY_MAX = 60
export const CONTENT_MAX = 200_000
/** The categories an article may take; SQL keeps the same list (public.known_article_categories). */
export const ARTICLE_CATEGORIES = [
  'Berita', 'Kegiatan', 'Latihan', 'Operasi', 'Pemeliharaan', 'Pembinaan', 'Sosial', 'Bakti Sosial', 'Teknik', 'Prestasi', 'Pengumuman',
] as const
export const CATEGORY_UNKNOWN = `Kategori harus salah satu dari: ${ARTICLE_CATEGORIES.join(', ')}.`
const isKnownCategory = (value: string) =>
  value === '' || ARTICLE_CATEGORIES.some((category) => category.toLowerCase() === value.toLowerCase())

/** HTML that shows something: text, or at least one picture. `<p></p>` is empty. */
export const hasVisibleContent = (html: string) => htmlToText(html) !== '' || /<img\b/i.test(html)

export const articleFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, ARTICLE_INCOMPLETE.description)
    .max(TITLE_MAX, `Judul maksimal ${TITLE_MAX} karakter.`),
  category: z
    .string()
    .trim()
    .max(CATEGORY_MAX, `Kategori maksimal ${CATEGORY_MAX} karakter.`)
    .refine(isKnownCategory, CATEGORY_UNKNOWN)
    .transform((value) => value || null),
  content: z
    .string()
    .refine(hasVisibleContent, ARTICLE_INCOMPLETE.description)
    .refine((html) => html.length <= CONTENT_MAX, 'Isi artikel terlalu panjang (maksimal 200.000 karakter).'),
})

export type ArticleFormInput = z.input<typeof articleFormSchema>
export type ArticleFormValues = z.output<typeof articleFormSchema>
