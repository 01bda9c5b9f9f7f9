import { sniffFile } from '@/lib/images'

// A picked file counts as a picture by its first bytes (JPEG, PNG, WebP), never by name or
// type, so a text file named .png is refused at once instead of at save time.
export const isImageFile = async (file: File) => (await sniffFile(file)) !== null

// supabase-js hands back plain `{ message }` objects, not Error instances.
export function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message
  return String(error)
}
