import { StorageClient } from '@supabase/storage-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
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
    expect(image.srcSet!.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '480w', '640w', '800w'])
    expect(image.srcSet).toContain('width=640&height=480&resize=cover 640w')
    expect(image.src).toBe(`${BASE}/storage/v1/render/image/public/gallery_photos/g/x.webp?width=640&height=480&resize=cover`)
  })
})

describe('a deployment without image transformations', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('built with VITE_IMAGE_TRANSFORMS=off, offers the original file and no srcset', async () => {
    vi.stubEnv('VITE_IMAGE_TRANSFORMS', 'off')
    const { responsiveImage: responsive, transformedUrl: transformed } = await import('./transform')
    const original = storage.from('gallery_photos').getPublicUrl('g/foto 1.webp').data.publicUrl
    expect(responsive('gallery_photos', 'g/foto 1.webp', { sizes: '100vw', aspect: 4 / 3, baseUrl: BASE }))
      .toEqual({ src: original, srcSet: undefined, sizes: undefined })
    expect(transformed('gallery_photos', 'g/foto 1.webp', { width: 320 }, BASE)).toBe(original)
  })

  it('without the setting, a rendition that fails to load shows the original, and later images skip transformations', async () => {
    const { responsiveImage: responsive } = await import('./transform')
    const first = responsive('gallery_photos', 'g/a.webp', { sizes: '100vw', baseUrl: BASE })
    expect(first.src).toContain('/render/image/')
    // an <img> as the browser leaves it when /render/image answers 400 (free plan)
    const attributes = new Map([['src', first.src], ['srcset', first.srcSet!], ['sizes', '100vw']])
    const img = {
      complete: true,
      naturalWidth: 0,
      getAttribute: (name: string) => attributes.get(name) ?? null,
      removeAttribute: (name: string) => attributes.delete(name),
      set src(value: string) { attributes.set('src', value) },
    } as unknown as HTMLImageElement
    // failed before hydration: found by the ref; the error event does the same later
    first.ref!(img)
    expect(Object.fromEntries(attributes)).toEqual({ src: storage.from('gallery_photos').getPublicUrl('g/a.webp').data.publicUrl })
    expect(responsive('gallery_photos', 'g/b.webp', { sizes: '100vw', baseUrl: BASE }).srcSet).toBeUndefined()
  })

  it('a rendition still loading or loaded is left alone', async () => {
    const { responsiveImage: responsive } = await import('./transform')
    const image = responsive('gallery_photos', 'g/c.webp', { sizes: '100vw', baseUrl: BASE })
    const removeAttribute = vi.fn()
    for (const state of [{ complete: false, naturalWidth: 0 }, { complete: true, naturalWidth: 640 }]) {
      image.ref!({ ...state, getAttribute: () => image.src, removeAttribute } as unknown as HTMLImageElement)
    }
    expect(removeAttribute).not.toHaveBeenCalled()
    expect(responsive('gallery_photos', 'g/d.webp', { sizes: '100vw', baseUrl: BASE }).srcSet).toContain('640w')
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
