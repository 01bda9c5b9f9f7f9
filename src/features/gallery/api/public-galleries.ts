import { queryOptions, useQuery } from '@tanstack/react-query'
import { loadSupabase } from '@/lib/supabase-lazy'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'

export const GALLERY_BUCKET = 'gallery_photos'
type Tables = Database['public']['Tables']
export type PublicPhoto = Pick<Tables['gallery_photos']['Row'], 'id' | 'path' | 'caption' | 'alt'>
export type PublicGallery = Pick<Tables['galleries']['Row'], 'id' | 'name' | 'description' | 'created_at'> & {
  cover: PublicPhoto
  photoCount: number
}
export type GalleryWithPhotos = Pick<Tables['galleries']['Row'], 'id' | 'name' | 'description'> & { photos: PublicPhoto[] }

/** Galleries that have photos, newest first, each with its first photo and its number of photos. */
export async function getPublicGalleries(): Promise<PublicGallery[]> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase
    .from('galleries')
    // every photo's id and path (a few dozen bytes each) gives the count without an aggregate
    .select('id, name, description, created_at, photos:gallery_photos!inner(id, path, caption, alt)')
    .order('created_at', { ascending: false })
    .order('position', { referencedTable: 'photos' })
    .order('created_at', { referencedTable: 'photos' })
  if (error) throw error
  return data.map(({ photos, ...gallery }) => ({ ...gallery, cover: photos[0], photoCount: photos.length }))
}

/** One gallery with all its photos in order; null when there is no such gallery. */
export async function getPublicGallery(id: string): Promise<GalleryWithPhotos | null> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase
    .from('galleries')
    .select('id, name, description, photos:gallery_photos(id, path, caption, alt)')
    .eq('id', id)
    .order('position', { referencedTable: 'photos' })
    .order('created_at', { referencedTable: 'photos' })
    .maybeSingle()
  // a malformed id is "no such gallery" for a visitor, not an error
  if (error && error.code === '22P02') return null
  if (error) throw error
  return data
}

export const publicGalleriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.galleries.list({ public: true }), queryFn: getPublicGalleries })

export const publicGalleryQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.galleries.detail(id), queryFn: () => getPublicGallery(id) })

export const usePublicGalleries = () => useQuery(publicGalleriesQueryOptions())
export const usePublicGallery = (id: string) => useQuery(publicGalleryQueryOptions(id))
