import { loadSupabase } from '@/lib/supabase-lazy'

/** The account status of a user; throws when it cannot be read. */
export async function getProfileStatus(userId: string) {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('profiles').select('status').eq('id', userId).single()
  if (error) throw error
  return data.status
}
