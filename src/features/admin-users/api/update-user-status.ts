import { useMutation } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { assertTouched, useInvalidateUsers, type AccountStatus } from './shared'

export type DecidedStatus = Extract<AccountStatus, 'approved' | 'rejected' | 'suspended'>

/** The database's limit on a reason (profiles_status_reason_length). */
export const REASON_MAX = 500

/**
 * Approves, rejects or suspends. A refusal or suspension sends the superadmin's reason along (the
 * database mails it to the member); an approval clears any earlier one.
 */
export async function updateUserStatus(id: string, status: DecidedStatus, reason = ''): Promise<void> {
  const change = status === 'approved' ? { status } : { status, status_reason: reason.trim() || null }
  const { data, error } = await supabase.from('profiles').update(change).eq('id', id).select('id')
  if (error) throw error
  assertTouched(data)
}

export function useUpdateUserStatus() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: DecidedStatus; reason?: string }) => updateUserStatus(id, status, reason),
    onSettled: invalidate,
  })
}
