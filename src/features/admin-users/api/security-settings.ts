import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
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
