import { z } from 'zod'

// SPEC.md's message for a missing name; the lengths are the table's own checks
// (supabase/migrations/20261122000100_app_schema.sql), said before the server refuses.
export const GALLERY_NAME_REQUIRED = 'Nama galeri tidak boleh kosong'
export const GALLERY_NAME_MAX = 120
export const GALLERY_DESCRIPTION_MAX = 1000

export const galleryFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, GALLERY_NAME_REQUIRED)
    .max(GALLERY_NAME_MAX, `Nama galeri maksimal ${GALLERY_NAME_MAX} karakter.`),
  description: z
    .string()
    .trim()
    .max(GALLERY_DESCRIPTION_MAX, 'Deskripsi maksimal 1.000 karakter.')
    .transform((value) => value || null),
})

export type GalleryFormInput = z.input<typeof galleryFormSchema>
