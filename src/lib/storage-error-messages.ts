/**
 * The storage service's refusals, told in Indonesian, in one place for both sides. storage-js
 * hands the browser only the body's `statusCode` (the logical status as a string) and `message`,
 * not the error's name, so the texts go by status and each must be true for every error the
 * server answers with it (server/storage/errors.ts is typed by these statuses, so a new one
 * without a text fails the typecheck). Plain TypeScript with no imports: the Node server loads
 * it as it is.
 */

/** The server's own message for a disk below its reserve, shown to staff word for word. */
export const DISK_FULL_MESSAGE =
  'Ruang penyimpanan server hampir penuh. Unggahan dan gambar baru ditolak sampai ruang disk dikosongkan; hubungi administrator situs.'

/**
 * Only these may end in "coba lagi": the same request can succeed later without anyone changing
 * anything. Every other refusal says what has to change instead.
 */
export const RETRYABLE_STORAGE_STATUSES = ['429', '500', '503'] as const

export const STORAGE_STATUS_MESSAGES = {
  '400': 'Permintaan file tidak dapat diproses: nama file, tautan atau isiannya tidak valid. Muat ulang halaman lalu pilih file kembali.',
  '403': 'Anda tidak memiliki izin untuk melakukan tindakan ini.',
  '404': 'File tidak ditemukan. Mungkin sudah dihapus; muat ulang halaman.',
  '409': 'File dengan nama yang sama sudah ada. Ganti nama file lalu unggah kembali.',
  '413': 'Ukuran file melebihi batas yang diizinkan. Pilih file yang lebih kecil.',
  '415': 'Jenis file tidak didukung di sini, atau isinya tidak sesuai dengan jenisnya. Pilih file lain.',
  '416': 'Bagian file yang diminta tidak ada. Unduh file dari awal.',
  '422': 'File gambar rusak atau resolusinya terlalu besar. Pilih gambar lain.',
  '429': 'Terlalu banyak permintaan gambar dari alamat Anda. Tunggu sebentar lalu coba lagi.',
  '500': 'Terjadi gangguan pada server penyimpanan. Silakan coba lagi; bila terus berulang, hubungi administrator situs.',
  '503': 'Server penyimpanan sedang sibuk atau tidak dapat dihubungi, jadi file tidak disimpan. Tunggu sebentar lalu coba lagi.',
  '507': DISK_FULL_MESSAGE,
} as const

/** A status of `statusCode` (a string in the body) that has a text here. */
export type StorageStatusCode = keyof typeof STORAGE_STATUS_MESSAGES

/** The statuses the storage server may answer with: only those told above. */
export type StorageErrorStatus = StorageStatusCode extends infer S
  ? S extends `${infer N extends number}` ? N : never
  : never
