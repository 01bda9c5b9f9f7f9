import { responsiveImage } from '@/lib/images'
import type { ImageTarget, ResponsiveImage } from '@/lib/images/transform'

export const UNIT_PHOTOS_BUCKET = 'unit_photos'
const OBJECT_PATH = `/storage/v1/object/public/${UNIT_PHOTOS_BUCKET}/`

/**
 * <img> sources for a unit-page photo: a stored upload through the rendition endpoint (cropped
 * to `aspect`, one width per device), a picture shipped with the site as it is, or the fallback.
 */
export function unitPhoto(
  url: string | null | undefined,
  fallback: string,
  options: { sizes: string; aspect: number; maxWidth: number } & ImageTarget,
): ResponsiveImage {
  if (!url) return { src: fallback }
  const at = url.indexOf(OBJECT_PATH)
  if (at === -1) return { src: url }
  const path = decodeURIComponent(url.slice(at + OBJECT_PATH.length))
  return responsiveImage(UNIT_PHOTOS_BUCKET, path, options)
}
