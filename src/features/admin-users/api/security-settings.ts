import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { adminChannel } from '@/lib/admin-channel'
import { queryKeys } from '@/lib/query-keys'

/** Whether admins and superadmins must have two-step verification (the superadmin's setting). */
export async function getSecondStepRequired(): Promise<boolean> {
  const { data, error } = await supabase.from('security_settings').select('mfa_required_for_staff').maybeSingle()
  if (error) throw error
  return data?.mfa_required_for_staff ?? false
}

export function useSecondStepRequired() {
  return useQuery({ queryKey: queryKeys.security.settings(), queryFn: getSecondStepRequired })
}

const FALLBACK_POLL_MS = 15_000

/**
 * The setting as it is now, for the admin shell: a change made while an admin is signed in
 * arrives over realtime (the row is published), so the shell sends them to enrol at once instead
 * of on their next refused write. While the channel is down the row is re-read now and then.
 */
export function useLiveSecondStepRequired(userId: string) {
  const queryClient = useQueryClient()
  const [live, setLive] = useState(false)
  const query = useQuery({
    queryKey: queryKeys.security.settings(),
    queryFn: getSecondStepRequired,
    refetchInterval: live ? false : FALLBACK_POLL_MS,
  })
  useEffect(() => {
    const key = queryKeys.security.settings()
    const channel = adminChannel(supabase, `security-settings:${userId}`)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'security_settings' }, (payload) => {
        const next = (payload.new as { mfa_required_for_staff?: unknown }).mfa_required_for_staff
        if (typeof next === 'boolean') queryClient.setQueryData(key, next)
        else void queryClient.invalidateQueries({ queryKey: key })
      })
      .subscribe((status) => {
        setLive(status === 'SUBSCRIBED')
        // a change made while the socket was down is not replayed
        if (status === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey: key })
      })
    return () => {
      setLive(false)
      void supabase.removeChannel(channel)
    }
  }, [userId, queryClient])
  return query
}

export async function setSecondStepRequired(required: boolean): Promise<void> {
  const { data, error } = await supabase
    .from('security_settings')
    .update({ mfa_required_for_staff: required })
    .eq('id', true)
    .select('mfa_required_for_staff')
  if (error) throw error
  if (!data || data.length === 0) throw Object.assign(new Error('not allowed'), { code: '42501' })
}

export function useSetSecondStepRequired() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setSecondStepRequired,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.settings() }),
  })
}
