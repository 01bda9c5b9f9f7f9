import { imageFileError } from './errors'
import { sniffFile } from './sniff'

/** A picked photo made ready for upload: resized, re-encoded, without metadata. */
export interface PreparedImage {
  blob: Blob
  contentType: 'image/webp' | 'image/jpeg'
  extension: 'webp' | 'jpg'
  width: number
  height: number
}

export const MAX_LONG_SIDE = 2000
export const TARGET_BYTES = 500 * 1024
/** Larger files are refused before being read: no phone photo comes near it. */
export const MAX_SOURCE_BYTES = 40 * 1024 * 1024
const MAX_SOURCE_PIXELS = 100_000_000
const QUALITIES = [0.8, 0.7, 0.6, 0.5]

/**
 * Checks a picked file by its bytes, then draws it (turned upright by its EXIF orientation) at
 * most 2,000 px on the long side onto a canvas and encodes it as WebP (JPEG where the browser
 * cannot write WebP), lowering quality (then size) until it fits 500 kB. Canvas output carries no EXIF, GPS
 * or XMP, so this works the same against hosted Supabase, which stores bytes as sent.
 * Throws ImageFileError with an Indonesian message.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  if (file.size > MAX_SOURCE_BYTES) throw imageFileError('too-large-file')
  if (!(await sniffFile(file))) throw imageFileError('not-an-image')

  const url = URL.createObjectURL(file)
  try {
    // `load` gives the dimensions from the header; the pixels are decoded only when drawn,
    // so a file declaring 50,000 x 50,000 px is refused without allocating them
    const image = new Image()
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve()
      image.onerror = () => reject(imageFileError('unreadable'))
      image.src = url
    })
    const { naturalWidth: width, naturalHeight: height } = image
    if (!width || !height) throw imageFileError('unreadable')
    if (width * height > MAX_SOURCE_PIXELS) throw imageFileError('too-many-pixels')

    // very detailed photos may need a smaller size, not only a lower quality, to fit the budget
    const fit = Math.min(1, MAX_LONG_SIDE / Math.max(width, height))
    let result: PreparedImage | undefined
    for (const scale of [fit, fit * 0.85, fit * 0.7, fit * 0.5]) {
      result = await encode(image, Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)))
      if (result.blob.size <= TARGET_BYTES) break
    }
    return result!
  } finally {
    URL.revokeObjectURL(url)
  }
}

async function encode(image: HTMLImageElement, width: number, height: number): Promise<PreparedImage> {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) throw imageFileError('unreadable')
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, 0, 0, width, height)
  let blob: Blob | undefined
  for (const quality of QUALITIES) {
    blob = await toBlob(canvas, 'image/webp', quality)
    // browsers that cannot encode WebP answer PNG: JPEG is the smaller fallback for photos
    if (blob.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg', quality)
    if (blob.size <= TARGET_BYTES) break
  }
  const webp = blob!.type === 'image/webp'
  return { blob: blob!, contentType: webp ? 'image/webp' : 'image/jpeg', extension: webp ? 'webp' : 'jpg', width, height }
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(imageFileError('unreadable'))), type, quality),
  )
}
