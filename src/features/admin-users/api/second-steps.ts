import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/** Ids of the members with a verified second step (superadmin only). */
export async function getSecondSteps(): Promise<Set<string>> {
  const { data, error } = await supabase.rpc('members_with_second_step')
  if (error) throw error
  return new Set(data ?? [])
}

export function useSecondSteps() {
  return useQuery({ queryKey: queryKeys.security.secondSteps(), queryFn: getSecondSteps })
}

/** Removes a member's factors and ends their sessions (a lost phone); logged in the audit log. */
export async function resetSecondStep(member: string): Promise<void> {
  const { error } = await supabase.rpc('reset_second_step', { member })
  if (error) throw error
}

export function useResetSecondStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetSecondStep,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.security.secondSteps() }),
  })
}
