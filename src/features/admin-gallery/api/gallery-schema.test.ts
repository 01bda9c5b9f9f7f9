import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/lib/validation/field-errors'
import { GALLERY_NAME_REQUIRED, galleryFormSchema } from './gallery-schema'

describe('galleryFormSchema', () => {
  it('trims, and stores an empty description as null', () => {
    expect(galleryFormSchema.parse({ name: '  HUT Skadron ', description: '   ' })).toEqual({ name: 'HUT Skadron', description: null })
  })

  it('says SPEC.md’s text for a missing or blank name', () => {
    const result = galleryFormSchema.safeParse({ name: ' \n\t', description: '' })
    expect(result.success).toBe(false)
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ name: GALLERY_NAME_REQUIRED })
  })

  it('refuses what the table would refuse, saying the limit', () => {
    const result = galleryFormSchema.safeParse({ name: 'n'.repeat(121), description: 'd'.repeat(1001) })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        name: 'Nama galeri maksimal 120 karakter.',
        description: 'Deskripsi maksimal 1.000 karakter.',
      })
    }
  })
})
