import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'

export type ManagedUser = Database['public']['Functions']['get_all_users']['Returns'][number]

export async function getUsers(): Promise<ManagedUser[]> {
  const { data, error } = await supabase.rpc('get_all_users')
  if (error) throw error
  return data ?? []
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.profiles.lists(), queryFn: getUsers })

export function useUsers() {
  return useQuery(usersQueryOptions())
}
