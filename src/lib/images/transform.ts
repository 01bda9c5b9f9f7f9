import { backendBase } from '@/lib/env'

export interface ImageTransform {
  width?: number
  height?: number
  resize?: 'cover' | 'contain' | 'fill'
  quality?: number
}

/**
 * The URL storage-js's `getPublicUrl(path, { transform })` builds (same path encoding and query
 * order), without loading the client on public pages.
 */
export function transformedUrl(bucket: string, path: string, transform: ImageTransform, baseUrl = configuredUrl()): string {
  const query = new URLSearchParams()
  if (transform.width) query.set('width', String(transform.width))
  if (transform.height) query.set('height', String(transform.height))
  if (transform.resize) query.set('resize', transform.resize)
  if (transform.quality) query.set('quality', String(transform.quality))
  const url = encodeURI(`${baseUrl}/storage/v1/render/image/public/${bucket}/${path}`)
  return query.size > 0 ? `${url}?${query}` : url
}

/** Widths offered in every srcset: a 390 px phone at 2x takes 800, a 1440 px desktop up to 1600. */
export const SRCSET_WIDTHS = [320, 480, 640, 800, 1200, 1600] as const

/**
 * `src`, `srcSet` and `sizes` for an <img> of a stored photo, so each device downloads the
 * rendition its layout needs. With `aspect` (width / height) every rendition is cropped to it.
 */
export function responsiveImage(
  bucket: string,
  path: string,
  { sizes, aspect, maxWidth = 1600, baseUrl }: { sizes: string; aspect?: number; maxWidth?: number; baseUrl?: string },
) {
  const widths = SRCSET_WIDTHS.filter((w) => w <= maxWidth)
  const at = (width: number) =>
    transformedUrl(bucket, path, aspect ? { width, height: Math.round(width / aspect), resize: 'cover' } : { width }, baseUrl)
  return {
    src: at(widths[Math.min(2, widths.length - 1)]),
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '),
    sizes,
  }
}

function configuredUrl(): string {
  return backendBase()
}
