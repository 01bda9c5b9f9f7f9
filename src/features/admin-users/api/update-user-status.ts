import { useMutation } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { assertTouched, useInvalidateUsers, type AccountStatus } from './shared'

export type DecidedStatus = Extract<AccountStatus, 'approved' | 'rejected'>

export async function updateUserStatus(id: string, status: DecidedStatus): Promise<void> {
  const { data, error } = await supabase.from('profiles').update({ status }).eq('id', id).select('id')
  if (error) throw error
  assertTouched(data)
}

export function useUpdateUserStatus() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: DecidedStatus }) => updateUserStatus(id, status),
    onSettled: invalidate,
  })
}
