import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { newestHolds, type HoldRow } from '@/lib/held-for-review'

export type GalleryHolds = { holds: Map<string, HoldRow>; newPhotos: HoldRow[] }

/**
 * The newest pending or rejected hold of each gallery and photo (issue 42), and the held photos
 * that are new (no row until released; a held caption edit has one).
 */
async function getGalleryHolds(): Promise<GalleryHolds> {
  const holds = await newestHolds(supabase, ['galleries', 'gallery_photos'])
  const photoHolds = [...holds.values()].filter((hold) => hold.table_name === 'gallery_photos' && hold.status === 'pending')
  if (photoHolds.length === 0) return { holds, newPhotos: [] }
  const { data, error } = await supabase.from('gallery_photos').select('id').in('id', photoHolds.map((hold) => hold.row_id))
  if (error) throw error
  const stored = new Set(data.map((photo) => photo.id))
  return { holds, newPhotos: photoHolds.filter((hold) => !stored.has(hold.row_id)) }
}

/** Under the galleries' list key, so a gallery or photo save and a decision refresh it. */
export function useGalleryHolds() {
  return useQuery({ queryKey: [...queryKeys.galleries.lists(), 'held'], queryFn: getGalleryHolds })
}
