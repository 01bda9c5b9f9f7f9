import { supabase } from '@/lib/supabase'

export const ARTICLE_IMAGES_BUCKET = 'article_images'

/**
 * Object names come from the visitor's disk: strip the directory, accents and anything
 * outside [A-Za-z0-9._-] so the storage path is one valid segment, and keep the extension.
 */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  const stem = dot > 0 ? base.slice(0, dot) : base
  const ext = dot > 0 ? base.slice(dot + 1) : ''
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^[._]+|[._]+$/g, '')
  const safeStem = clean(stem).slice(0, 80) || 'gambar'
  const safeExt = clean(ext).slice(0, 10).toLowerCase()
  return safeExt ? `${safeStem}.${safeExt}` : safeStem
}

export class UploadError extends Error {
  constructor(
    readonly file: File,
    message: string,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

export async function uploadArticleImage(path: string, file: File): Promise<string> {
  const { error } = await supabase.storage
    .from(ARTICLE_IMAGES_BUCKET)
    .upload(path, file, { contentType: file.type || undefined })
  if (error) throw new UploadError(file, error.message)
  return supabase.storage.from(ARTICLE_IMAGES_BUCKET).getPublicUrl(path).data.publicUrl
}

export const coverPath = (userId: string, file: File) => `${userId}/${Date.now()}_${safeFilename(file.name)}`
export const galleryPath = (userId: string, file: File) =>
  `${userId}/gallery/${Date.now()}_${safeFilename(file.name)}`

export type UploadProgress = { done: number; total: number }

export type ImageUploadPlan = {
  userId: string
  cover: File | null
  gallery: File[]
  /** Files stored by an earlier attempt whose save failed; they are not sent again. */
  uploaded: Map<File, string>
  onProgress?: (progress: UploadProgress) => void
  onGalleryImageSkipped?: (error: UploadError) => void
}

export type ImageUploadResult = { coverUrl: string | null; galleryUrls: string[]; skipped: UploadError[] }

/**
 * The cover goes first and a refused cover aborts everything (throws UploadError). Gallery
 * images go one after another; a refused one is reported and skipped.
 */
export async function uploadArticleImages(plan: ImageUploadPlan): Promise<ImageUploadResult> {
  const { userId, cover, gallery, uploaded, onProgress, onGalleryImageSkipped } = plan
  const pending = [cover, ...gallery].filter((f): f is File => f !== null && !uploaded.has(f))
  const total = pending.length
  let done = 0
  onProgress?.({ done, total })

  const upload = async (file: File, path: string) => {
    const known = uploaded.get(file)
    if (known) return known
    const url = await uploadArticleImage(path, file)
    uploaded.set(file, url)
    done += 1
    onProgress?.({ done, total })
    return url
  }

  const coverUrl = cover ? await upload(cover, coverPath(userId, cover)) : null
  const galleryUrls: string[] = []
  const skipped: UploadError[] = []
  for (const file of gallery) {
    try {
      galleryUrls.push(await upload(file, galleryPath(userId, file)))
    } catch (error) {
      if (!(error instanceof UploadError)) throw error
      done += 1
      onProgress?.({ done, total })
      skipped.push(error)
      onGalleryImageSkipped?.(error)
    }
  }
  return { coverUrl, galleryUrls, skipped }
}
