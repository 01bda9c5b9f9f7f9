import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export type Person = { id: string; name: string }

/** Everyone with an account, by name, for the 'Orang' filter (the superadmin's users RPC). */
export async function getPeople(): Promise<Person[]> {
  const { data, error } = await supabase.rpc('get_all_users')
  if (error) throw error
  return (data ?? [])
    .map((user) => ({ id: user.id, name: user.full_name || user.email || 'Pengguna' }))
    .sort((a, b) => a.name.localeCompare(b.name, 'id'))
}

export function usePeople() {
  return useQuery({ queryKey: [...queryKeys.profiles.all, 'people'], queryFn: getPeople })
}
