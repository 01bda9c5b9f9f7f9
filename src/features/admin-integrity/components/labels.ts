import { formatShortDateTime } from '@/lib/format'

export const HELD_LABEL = 'Ditahan untuk ditinjau'

const NOUN: Record<string, string> = {
  articles: 'Artikel',
  unit_texts: 'Teks profil',
  info_pages: 'Halaman informasi',
  unit_posts: 'Struktur',
  past_commanders: 'Komandan terdahulu',
  galleries: 'Galeri',
  gallery_photos: 'Foto galeri',
  public_documents: 'Dokumen',
}

export const nounOf = (table: string) => NOUN[table] ?? table

export const KIND_LABELS: Record<string, string> = {
  markup: 'Markah tersembunyi',
  words: 'Kata spam judi tersimpan',
  photo: 'Foto dari luar situs',
  cloaking: 'Cloaking (tampilan berbeda untuk mesin pencari)',
  unaccounted: 'Tautan atau teks asing di halaman',
  hidden: 'Teks spam tersembunyi di halaman',
  build: 'Berkas hasil build berubah',
  watch: 'Pemantauan gagal',
}

export const when = (iso: string | null | undefined) => (iso ? formatShortDateTime(iso) : '-')
