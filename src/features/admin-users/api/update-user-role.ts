import { useMutation } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { assertTouched, useInvalidateUsers, type AppRole } from './shared'

/** Only these roles can be given in the UI; superadmin is never assignable. */
export type AssignableRole = Extract<AppRole, 'admin' | 'user'>
export const ASSIGNABLE_ROLES: readonly AssignableRole[] = ['admin', 'user']

export async function updateUserRole(id: string, role: AssignableRole): Promise<void> {
  const { data, error } = await supabase.from('profiles').update({ role }).eq('id', id).select('id')
  if (error) throw error
  assertTouched(data)
}

export function useUpdateUserRole() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: AssignableRole }) => updateUserRole(id, role),
    onSettled: invalidate,
  })
}
