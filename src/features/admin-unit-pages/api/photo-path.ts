import { safeFilename } from '@/lib/safe-filename'

/**
 * Where an uploaded photo is stored: the staff member's folder, the upload time (unique per
 * person) and the name the picture had on their disk, so Riwayat Aktivitas can tell it by that
 * name; the extension is the re-encoded one.
 */
export function unitPhotoPath(userId: string, original: string, extension: string, at: number): string {
  const stem = safeFilename(original).replace(/\.[a-z0-9]+$/, '')
  return `${userId}/${at}_${stem}.${extension}`
}
