import { useMutation } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { assertTouched, useInvalidateUsers } from './shared'

export async function deleteUser(id: string): Promise<void> {
  const { data, error } = await supabase.from('profiles').delete().eq('id', id).select('id')
  if (error) throw error
  assertTouched(data)
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers()
  return useMutation({ mutationFn: deleteUser, onSettled: invalidate })
}
