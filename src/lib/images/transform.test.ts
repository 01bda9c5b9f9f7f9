import { StorageClient } from '@supabase/storage-js'
import { describe, expect, it } from 'vitest'
import { responsiveImage, transformedUrl } from './transform'
import { sniffImageKind } from './sniff'

const BASE = 'https://proyek.example.co'
const storage = new StorageClient(`${BASE}/storage/v1`, {})

describe('transformedUrl', () => {
  it('builds exactly what storage-js getPublicUrl builds', () => {
    const path = 'a1b2/foto lapangan (1).webp'
    for (const transform of [{ width: 640 }, { width: 400, height: 300, resize: 'cover' as const }, { height: 90, quality: 60 }]) {
      expect(transformedUrl('gallery_photos', path, transform, BASE))
        .toBe(storage.from('gallery_photos').getPublicUrl(path, { transform }).data.publicUrl)
    }
  })

  it('offers one rendition per width, cropped to the aspect when asked', () => {
    const image = responsiveImage('gallery_photos', 'g/x.webp', { sizes: '100vw', aspect: 4 / 3, maxWidth: 800, baseUrl: BASE })
    expect(image.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '480w', '640w', '800w'])
    expect(image.srcSet).toContain('width=640&height=480&resize=cover 640w')
    expect(image.src).toBe(`${BASE}/storage/v1/render/image/public/gallery_photos/g/x.webp?width=640&height=480&resize=cover`)
  })
})

describe('sniffImageKind', () => {
  it('knows JPEG, PNG and WebP by their bytes and nothing else', () => {
    expect(sniffImageKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffImageKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    expect(sniffImageKind(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(sniffImageKind(new TextEncoder().encode('<!doctype html><html>'))).toBeNull()
    expect(sniffImageKind(new TextEncoder().encode('GIF89a'))).toBeNull()
  })
})
