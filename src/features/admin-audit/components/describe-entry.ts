import type { Json } from '@/lib/database.types'
import { htmlToText } from '@/lib/format'
import { wordDiff, type WordDiff } from './word-diff'

export const ACTION_LABELS: Record<string, string> = {
  'user.approve': 'Menyetujui pengguna',
  'user.reject': 'Menolak pengguna',
  'user.suspend': 'Menonaktifkan pengguna',
  'user.restore': 'Mengaktifkan kembali pengguna',
  'user.pending': 'Mengembalikan pengguna ke tertunda',
  'user.role': 'Mengubah peran pengguna',
  'user.delete': 'Menghapus pengguna',
  'user.profile': 'Mengubah data profil',
  'user.mfa_reset': 'Mengatur ulang verifikasi dua langkah pengguna',
  'settings.mfa_required': 'Mengubah kewajiban verifikasi dua langkah',
  'article.create': 'Membuat artikel',
  'article.update': 'Mengubah artikel',
  'article.publish': 'Menerbitkan artikel',
  'article.unpublish': 'Menarik artikel ke draf',
  'article.delete': 'Menghapus artikel',
  'article.restore': 'Memulihkan artikel',
  'article.overwrite': 'Menimpa versi artikel yang lebih baru',
  'gallery.create': 'Membuat galeri',
  'gallery.update': 'Mengubah galeri',
  'gallery.delete': 'Menghapus galeri',
  'gallery.restore': 'Memulihkan galeri',
  'gallery.overwrite': 'Menimpa versi galeri yang lebih baru',
  'photo.create': 'Menambah foto galeri',
  'photo.update': 'Mengubah keterangan foto galeri',
  'photo.delete': 'Menghapus foto galeri',
  'message.update': 'Mengubah status pesan masuk',
  'message.delete': 'Menghapus pesan masuk',
  'file.upload': 'Mengunggah berkas',
  'file.replace': 'Mengganti berkas',
  'file.delete': 'Menghapus berkas',
  'unit_page.create': 'Menambah isi halaman satuan',
  'unit_page.update': 'Mengubah halaman satuan',
  'unit_page.delete': 'Menghapus isi halaman satuan',
  'unit_page.overwrite': 'Menimpa versi halaman satuan yang lebih baru',
  'unit_page.restore': 'Memulihkan isi halaman satuan',
  'document.create': 'Mengunggah dokumen informasi publik',
  'document.update': 'Mengubah dokumen informasi publik',
  'document.publish': 'Menerbitkan dokumen informasi publik',
  'document.unpublish': 'Menarik dokumen informasi publik',
  'document.delete': 'Menghapus dokumen informasi publik',
  'document.restore': 'Memulihkan dokumen informasi publik',
  'document.overwrite': 'Menimpa versi dokumen yang lebih baru',
  'integrity.hold': 'Isi ditahan untuk ditinjau',
  'integrity.release': 'Merilis isi yang ditahan',
  'integrity.reject': 'Menolak isi yang ditahan',
}

export const TARGET_TYPES: Record<string, string> = {
  user: 'Pengguna',
  article: 'Artikel',
  gallery: 'Galeri',
  settings: 'Pengaturan',
  photo: 'Foto di galeri',
  message: 'Pesan',
  file: 'Berkas',
  unit_page: 'Halaman satuan',
  document: 'Dokumen informasi publik',
}

const VALUE_LABELS: Record<string, string> = {
  approved: 'Disetujui',
  pending: 'Tertunda',
  rejected: 'Ditolak',
  suspended: 'Dinonaktifkan',
  superadmin: 'Superadmin',
  admin: 'Admin',
  user: 'User',
}

const BUCKETS: Record<string, string> = { article_images: 'Gambar artikel dan galeri', avatars: 'Foto profil', unit_photos: 'Foto halaman satuan', documents: 'Dokumen informasi publik' }

type Change = { old: Json; new: Json }

const isChange = (value: Json | undefined): value is Change =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'old' in value && 'new' in value

const isEmpty = (value: Json | undefined) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)

/** A stored file's name as a person gave it: no folders (account ids) and no upload time stamp. */
export function fileName(path: string): string {
  const last = path.split('/').pop() ?? path
  return last.replace(/^\d{10,}_/, '')
}

function showValue(value: Json | undefined): string {
  if (isEmpty(value)) return '(kosong)'
  if (typeof value === 'string') {
    if (VALUE_LABELS[value]) return VALUE_LABELS[value]
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
      return new Date(value).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short' })
    }
    const text = htmlToText(value)
    return text.length > 60 ? `${text.slice(0, 60)}…` : text
  }
  if (Array.isArray(value)) return `${value.length} item`
  if (typeof value === 'boolean') return value ? 'Ya' : 'Tidak'
  return String(value)
}

/** A text change told by the words that changed, both the removed and the added ones. */
export type WordsLine = { label: string; diff: WordDiff }
export type ChangeLine = string | WordsLine

/** 'Judul: Latihan', or 'Judul: Lama → Baru' when there was an old value. */
function plain(label: string) {
  return (value: Json | undefined) => {
    if (!isChange(value)) return `${label}: ${showValue(value)}`
    if (isEmpty(value.old)) return `${label}: ${showValue(value.new)}`
    return `${label}: ${showValue(value.old)} → ${showValue(value.new)}`
  }
}

/** A long text: its changed words when it had a text before and still has one, else as `plain`. */
function words(label: string) {
  const short = plain(label)
  return (value: Json | undefined): ChangeLine => {
    if (!isChange(value) || typeof value.old !== 'string' || typeof value.new !== 'string') return short(value)
    const before = htmlToText(value.old)
    const after = htmlToText(value.new)
    if (!before || !after) return short(value)
    const diff = wordDiff(before, after)
    return diff.hunks.length ? { label, diff } : `${label}: tata letak diubah`
  }
}

/** A picture told by what happened to it, never by its address. */
function picture(noun: string) {
  return (value: Json | undefined) => {
    if (!isChange(value)) return isEmpty(value) ? `${noun}: tidak ada` : `${noun}: ada`
    if (isEmpty(value.old)) return `${noun} ditambahkan`
    if (isEmpty(value.new)) return `${noun} dihapus`
    return `${noun} diganti`
  }
}

function pictureList(value: Json | undefined): string {
  const list = (v: Json | undefined) => (Array.isArray(v) ? v.map(String) : [])
  if (!isChange(value)) return `Gambar galeri: ${list(value).length} gambar`
  const before = list(value.old)
  const after = list(value.new)
  const added = after.filter((url) => !before.includes(url)).length
  const removed = before.filter((url) => !after.includes(url)).length
  const parts = [added && `${added} ditambahkan`, removed && `${removed} dihapus`].filter(Boolean)
  return `Gambar galeri: ${parts.length ? parts.join(', ') : 'urutan diubah'}`
}

function marked(set: string, cleared: string) {
  return (value: Json | undefined) => (isChange(value) && isEmpty(value.new) ? cleared : set)
}

function size(value: Json | undefined): string {
  const bytes = Number(value)
  if (!Number.isFinite(bytes) || bytes <= 0) return 'Ukuran: -'
  const text = bytes >= 1_048_576 ? `${(bytes / 1_048_576).toLocaleString('id-ID', { maximumFractionDigits: 1 })} MB` : `${Math.ceil(bytes / 1024)} KB`
  return `Ukuran: ${text}`
}

/** How each recorded field is told; a field not listed here is internal and never shown by name. */
const FIELDS: Record<string, (value: Json | undefined) => ChangeLine> = {
  status: plain('Status'),
  reason: plain('Alasan'),
  role: plain('Peran'),
  email: plain('Email'),
  full_name: plain('Nama lengkap'),
  username: plain('Username'),
  phone_number: plain('Nomor HP'),
  avatar_url: picture('Foto profil'),
  title: plain('Judul'),
  content: words('Isi'),
  body: words('Isi'),
  category: plain('Kategori'),
  cover_image_url: picture('Sampul'),
  image_gallery_urls: pictureList,
  image_captions: () => 'Keterangan gambar diubah',
  byline_hidden: plain('Nama penulis disembunyikan'),
  published_at: plain('Waktu terbit'),
  name: plain('Nama'),
  description: plain('Deskripsi'),
  overwritten_by: plain('Versi yang ditimpa dibuat oleh'),
  mfa_required_for_staff: plain('Wajib untuk admin'),
  caption: plain('Keterangan'),
  photo_url: picture('Foto'),
  photo_alt: plain('Keterangan foto'),
  officer_title: plain('Jabatan'),
  officer_rank: plain('Pangkat'),
  officer_name: plain('Nama pejabat'),
  rank: plain('Pangkat'),
  period: plain('Masa jabatan'),
  note: plain('Catatan'),
  position: plain('Urutan'),
  ordinal: plain('Urutan'),
  sections: () => 'Bagian-bagian diubah',
  alt: plain('Teks alternatif'),
  file: (value) => `Berkas: ${fileName(String((isChange(value) ? value.new ?? value.old : value) ?? ''))}`,
  read_at: marked('Ditandai sudah dibaca', 'Ditandai belum dibaca'),
  archived_at: marked('Diarsipkan', 'Dikembalikan dari arsip'),
  sender: plain('Pengirim'),
  received_at: plain('Diterima'),
  bucket: (value) => `Tempat: ${BUCKETS[String(value)] ?? 'Penyimpanan'}`,
  size,
  year: plain('Tahun'),
  file_type: plain('Jenis berkas'),
  file_size: size,
}

/** Columns the database keeps for itself; older entries still carry some of them. */
const INTERNAL = new Set(['id', 'author_id', 'updated_by', 'version', 'excerpt', 'search_vector', 'created_at', 'updated_at'])

/**
 * One line per change, in words a superadmin reads: 'Status: Tertunda → Disetujui', 'Sampul
 * diganti', 'Gambar galeri: 2 ditambahkan'. No internal columns, ids or file addresses.
 */
export function describeChanges(changes: Json | null): ChangeLine[] {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return []
  const lines: ChangeLine[] = []
  let others = 0
  for (const [field, value] of Object.entries(changes)) {
    if (INTERNAL.has(field)) continue
    // entries written before migration 20261207040000 tell a new row's empty fields (no pictures)
    if (isChange(value) && isEmpty(value.old) && isEmpty(value.new)) continue
    const describe = FIELDS[field]
    if (describe) lines.push(describe(value))
    else others += 1
  }
  if (others > 0) lines.push(`${others} data lain diubah`)
  return lines
}

/** What the entry is about: 'Artikel: Latihan Terbang'; a file by its name, never its path. */
export function describeTarget(type: string | null, label: string | null): string {
  const noun = TARGET_TYPES[type ?? ''] ?? 'Data'
  const text = label ? (type === 'file' ? fileName(label) : label) : '-'
  return `${noun}: ${text}`
}

export function formatOccurredAt(value: string): string {
  return new Date(value).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'medium' })
}
