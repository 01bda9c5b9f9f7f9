import type { SyntheticEvent } from 'react'
import { backendBase } from '@/lib/env'

export interface ImageTransform {
  width?: number
  height?: number
  resize?: 'cover' | 'contain' | 'fill'
  quality?: number
}

// Hosted Supabase serves /render/image only on paid plans (the free plan answers 4xx). A
// deployment without it is built with VITE_IMAGE_TRANSFORMS=off; without the setting, the first
// rendition that fails to load switches this page to the original files (`fallbackProps`).
let transformsFailed = false

/** `deployed`: the render's own setting (RenderContext.imageTransforms); the build's by default. */
export function transformsEnabled(deployed = import.meta.env.VITE_IMAGE_TRANSFORMS !== 'off'): boolean {
  return deployed && !transformsFailed
}

/** Where a render's image URLs point and whether renditions exist there (see RenderContext). */
export type ImageTarget = { baseUrl?: string; transforms?: boolean }

/** The original file's public URL (storage-js's `getPublicUrl(path)` without a transform). */
export function originalUrl(bucket: string, path: string, baseUrl = configuredUrl()): string {
  return encodeURI(`${baseUrl}/storage/v1/object/public/${bucket}/${path}`)
}

/**
 * The URL storage-js's `getPublicUrl(path, { transform })` builds (same path encoding and query
 * order), without loading the client on public pages; the original's URL where this deployment
 * has no transformations.
 */
export function transformedUrl(bucket: string, path: string, transform: ImageTransform, baseUrl = configuredUrl(), transforms?: boolean): string {
  if (!transformsEnabled(transforms)) return originalUrl(bucket, path, baseUrl)
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
 * `onError` and `ref` for an <img> showing a rendition: when it fails (an error before hydration
 * leaves a complete image with no pixels), the image shows the original instead, and later
 * images on this page skip the transformation.
 */
export function fallbackProps(bucket: string, path: string, baseUrl?: string) {
  const showOriginal = (img: HTMLImageElement) => {
    transformsFailed = true
    const original = originalUrl(bucket, path, baseUrl)
    if (img.getAttribute('src') === original) return
    img.removeAttribute('srcset')
    img.removeAttribute('sizes')
    img.src = original
  }
  return {
    onError: (event: SyntheticEvent<HTMLImageElement>) => showOriginal(event.currentTarget),
    ref: (img: HTMLImageElement | null) => {
      if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) showOriginal(img)
    },
  }
}

export type ResponsiveImage = { src: string; srcSet?: string; sizes?: string } & Partial<ReturnType<typeof fallbackProps>>

/**
 * `src`, `srcSet` and `sizes` for an <img> of a stored photo, so each device downloads the
 * rendition its layout needs. With `aspect` (width / height) every rendition is cropped to it.
 * Without transformations the original is all there is: no srcset.
 */
export function responsiveImage(
  bucket: string,
  path: string,
  { sizes, aspect, maxWidth = 1600, baseUrl, transforms }: { sizes: string; aspect?: number; maxWidth?: number } & ImageTarget,
): ResponsiveImage {
  if (!transformsEnabled(transforms)) return { src: originalUrl(bucket, path, baseUrl), srcSet: undefined, sizes: undefined }
  const widths = SRCSET_WIDTHS.filter((w) => w <= maxWidth)
  const at = (width: number) =>
    transformedUrl(bucket, path, aspect ? { width, height: Math.round(width / aspect), resize: 'cover' } : { width }, baseUrl, transforms)
  return {
    src: at(widths[Math.min(2, widths.length - 1)]),
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '),
    sizes,
    ...fallbackProps(bucket, path, baseUrl),
  }
}

function configuredUrl(): string {
  return backendBase()
}
