import type { Json } from '@/lib/database.types'
import { htmlToText } from '@/lib/format'

export const ACTION_LABELS: Record<string, string> = {
  'user.approve': 'Menyetujui pengguna',
  'user.reject': 'Menolak pengguna',
  'user.suspend': 'Menonaktifkan pengguna',
  'user.restore': 'Mengaktifkan kembali pengguna',
  'user.pending': 'Mengembalikan pengguna ke tertunda',
  'user.role': 'Mengubah peran pengguna',
  'user.delete': 'Menghapus pengguna',
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
}

const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  role: 'Peran',
  email: 'Email',
  title: 'Judul',
  version: 'Versi',
  overwritten_by: 'Versi yang ditimpa dibuat oleh',
  content: 'Isi',
  category: 'Kategori',
  cover_image_url: 'Gambar sampul',
  image_gallery_urls: 'Galeri gambar',
  published_at: 'Waktu terbit',
  name: 'Nama',
  description: 'Deskripsi',
  mfa_required_for_staff: 'Wajib untuk admin',
}

const VALUE_LABELS: Record<string, string> = {
  approved: 'Disetujui',
  pending: 'Tertunda',
  rejected: 'Ditolak',
  superadmin: 'Superadmin',
  admin: 'Admin',
  user: 'User',
}

function showValue(value: Json | undefined): string {
  if (value === null || value === undefined || value === '') return '(kosong)'
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

const isChange = (value: Json | undefined): value is { old: Json; new: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'old' in value && 'new' in value

/** Columns that mean nothing to a reader (ids); the target column already names the row. */
const HIDDEN = new Set(['author_id'])

/**
 * One line per changed column: 'Status: Tertunda → Disetujui'; a value set where there was none
 * (a new row) is just 'Judul: Latihan Terbang'.
 */
export function describeChanges(changes: Json): string[] {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return []
  return Object.entries(changes)
    .filter(([field]) => !HIDDEN.has(field))
    .map(([field, value]) => {
      const label = FIELD_LABELS[field] ?? field
      if (!isChange(value)) return `${label}: ${showValue(value)}`
      if (value.old === null) return `${label}: ${showValue(value.new)}`
      return `${label}: ${showValue(value.old)} → ${showValue(value.new)}`
    })
}

export function formatOccurredAt(value: string): string {
  return new Date(value).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'medium' })
}
