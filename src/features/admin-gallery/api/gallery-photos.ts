import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'
import { prepareImage } from '@/lib/images'
import { heldReasons } from '@/lib/held-for-review'

export const GALLERY_BUCKET = 'gallery_photos'
export type GalleryPhoto = Database['public']['Tables']['gallery_photos']['Row']

export async function getGalleryPhotos(galleryId: string): Promise<GalleryPhoto[]> {
  const { data, error } = await supabase
    .from('gallery_photos')
    .select('*')
    .eq('gallery_id', galleryId)
    .order('position')
    .order('created_at')
  if (error) throw error
  return data
}

export const galleryPhotosQueryOptions = (galleryId: string) =>
  queryOptions({ queryKey: queryKeys.galleries.photos(galleryId), queryFn: () => getGalleryPhotos(galleryId) })

export function useGalleryPhotos(galleryId: string) {
  return useQuery(galleryPhotosQueryOptions(galleryId))
}

/**
 * One picked file: resized and cleaned in the browser, stored under the gallery's folder with a
 * fresh name (so the year-long cache of a URL never serves another photo), then listed. If the
 * row cannot be written the file is removed again.
 */
export async function uploadGalleryPhoto({ galleryId, file, position }: { galleryId: string; file: File; position: number }) {
  const prepared = await prepareImage(file)
  const path = `${galleryId}/${crypto.randomUUID()}.${prepared.extension}`
  const bucket = supabase.storage.from(GALLERY_BUCKET)
  const { error: uploadError } = await bucket.upload(path, prepared.blob, { contentType: prepared.contentType, cacheControl: '31536000' })
  if (uploadError) throw uploadError
  const { error } = await supabase.from('gallery_photos').insert({ gallery_id: galleryId, path, position, alt: null, caption: null })
  if (error) {
    await bucket.remove([path])
    throw error
  }
}

/** `held`: the integrity guard keeps the new caption and alt text back for a superadmin's review. */
export async function updateGalleryPhoto({ id, caption, alt }: { id: string; caption: string | null; alt: string | null }) {
  const { data, error } = await supabase.from('gallery_photos').update({ caption, alt }).eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Foto tidak ditemukan atau Anda tidak memiliki izin.')
  return { held: await heldReasons(supabase, 'gallery_photos', { id }) }
}

/** Writes the given order in one statement: all of it or, on any error, none of it. */
export async function reorderGalleryPhotos(photos: GalleryPhoto[]) {
  if (photos.length === 0) return
  const { error } = await supabase.rpc('reorder_gallery_photos', {
    gallery_id: photos[0].gallery_id,
    photo_ids: photos.map((photo) => photo.id),
  })
  if (error) throw error
}

/** The row first (visitors stop seeing it), then its file. */
export async function removeGalleryPhoto(photo: GalleryPhoto) {
  const { data, error } = await supabase.from('gallery_photos').delete().eq('id', photo.id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Foto tidak ditemukan atau Anda tidak memiliki izin.')
  const { error: fileError } = await supabase.storage.from(GALLERY_BUCKET).remove([photo.path])
  if (fileError) console.warn('Gallery photo file was not removed:', photo.path, fileError)
}

function useGalleryPhotoMutation<T, R>(galleryId: string, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.galleries.photos(galleryId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.galleries.lists() }),
      ]),
  })
}

export const useUpdateGalleryPhoto = (galleryId: string) => useGalleryPhotoMutation(galleryId, updateGalleryPhoto)
export const useReorderGalleryPhotos = (galleryId: string) => useGalleryPhotoMutation(galleryId, reorderGalleryPhotos)
export const useRemoveGalleryPhoto = (galleryId: string) => useGalleryPhotoMutation(galleryId, removeGalleryPhoto)
