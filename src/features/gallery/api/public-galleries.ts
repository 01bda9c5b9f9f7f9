import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicApi } from '@/lib/public-api'
import { useRenderContext } from '@/lib/render-context'
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
export async function getPublicGalleries(api: PublicApi): Promise<PublicGallery[]> {
  // every photo's id and path (a few dozen bytes each) gives the count without an aggregate
  const { rows } = await api.select('galleries', 'id,name,description,created_at,photos:gallery_photos!inner(id,path,caption,alt)', {
    query: { order: 'created_at.desc', 'photos.order': 'position.asc,created_at.asc' },
  })
  return rows.map(({ photos, ...gallery }) => ({ ...gallery, cover: photos[0], photoCount: photos.length }))
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One gallery with all its photos in order; null when there is no such gallery. */
export async function getPublicGallery(api: PublicApi, id: string): Promise<GalleryWithPhotos | null> {
  // a malformed id is "no such gallery" for a visitor, not an error
  if (!UUID.test(id)) return null
  const { rows } = await api.select('galleries', 'id,name,description,photos:gallery_photos(id,path,caption,alt)', {
    query: { id: `eq.${id}`, 'photos.order': 'position.asc,created_at.asc' },
  })
  return rows[0] ?? null
}

export const publicGalleriesQueryOptions = (api: PublicApi) =>
  queryOptions({ queryKey: queryKeys.galleries.list({ public: true }), queryFn: () => getPublicGalleries(api) })

export const publicGalleryQueryOptions = (api: PublicApi, id: string) =>
  queryOptions({ queryKey: queryKeys.galleries.detail(id), queryFn: () => getPublicGallery(api, id) })

export const usePublicGalleries = () => useQuery(publicGalleriesQueryOptions(useRenderContext().api))
export const usePublicGallery = (id: string) => useQuery(publicGalleryQueryOptions(useRenderContext().api, id))
