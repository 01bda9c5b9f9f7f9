import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'

type GalleryRow = Database['public']['Tables']['galleries']['Row']
export type Gallery = GalleryRow & { cover: { path: string; alt: string | null } | null }

export async function getGalleries(): Promise<Gallery[]> {
  const { data, error } = await supabase
    .from('galleries')
    .select('*, gallery_photos(path, alt)')
    .order('created_at', { ascending: false })
    .order('position', { referencedTable: 'gallery_photos' })
    .order('created_at', { referencedTable: 'gallery_photos' })
    .limit(1, { referencedTable: 'gallery_photos' })
  if (error) throw error
  return data.map(({ gallery_photos: photos, ...gallery }) => ({ ...gallery, cover: photos[0] ?? null }))
}

export const galleriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.galleries.list(), queryFn: getGalleries })

export function useGalleries() {
  return useQuery(galleriesQueryOptions())
}
