import { supabase } from '@/lib/supabase'
import { describeError } from '@/lib/error-messages'
import { ImageFileError, prepareImage } from '@/lib/images'
import { safeFilename } from '@/lib/safe-filename'

export const ARTICLE_IMAGES_BUCKET = 'article_images'

export class UploadError extends Error {
  constructor(
    readonly file: File,
    message: string,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

/**
 * JPEG, PNG and WebP go through the shared photo pipeline (checked by their bytes, at most
 * 2,000 px, re-encoded without metadata, stored under the new format's extension); a GIF, which
 * the bucket also takes, is sent as it is so an animation survives.
 */
export async function uploadArticleImage(path: string, file: File): Promise<string> {
  let body: Blob = file
  let contentType = file.type || undefined
  let finalPath = path
  if (!(await isGif(file))) {
    try {
      const prepared = await prepareImage(file)
      body = prepared.blob
      contentType = prepared.contentType
      finalPath = `${path.replace(/\.[A-Za-z0-9]{1,10}$/, '')}.${prepared.extension}`
    } catch (error) {
      if (error instanceof ImageFileError) throw new UploadError(file, error.message)
      throw error
    }
  }
  const { error } = await supabase.storage.from(ARTICLE_IMAGES_BUCKET).upload(finalPath, body, { contentType })
  if (error) throw new UploadError(file, describeError(error))
  return supabase.storage.from(ARTICLE_IMAGES_BUCKET).getPublicUrl(finalPath).data.publicUrl
}

async function isGif(file: Blob): Promise<boolean> {
  return new TextDecoder().decode(await file.slice(0, 6).arrayBuffer()).startsWith('GIF8')
}

export const coverPath = (userId: string, file: File) => `${userId}/${Date.now()}_${safeFilename(file.name)}`
/** Pictures uploaded from the editor into the text, before or after the article is first saved. */
export const bodyPath = (userId: string, file: File) => `${userId}/body/${Date.now()}_${safeFilename(file.name)}`
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
