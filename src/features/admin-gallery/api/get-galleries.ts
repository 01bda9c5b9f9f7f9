import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'

export type Gallery = Database['public']['Tables']['galleries']['Row']

export async function getGalleries(): Promise<Gallery[]> {
  const { data, error } = await supabase.from('galleries').select('*').order('created_at', { ascending: false })
  if (error) throw error
  return data
}

export const galleriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.galleries.list(), queryFn: getGalleries })

export function useGalleries() {
  return useQuery(galleriesQueryOptions())
}
