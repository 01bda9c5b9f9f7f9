import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { loadSupabase } from '@/lib/supabase-lazy'
import { paths } from '@/lib/paths'
import { email } from '@/lib/validation/rules'

export const recoveryRequestSchema = z.object({ email })

/**
 * GoTrue's POST /recover. The answer is the same whether or not the address has an account; the
 * mailed link comes back to /login, where the new-password form opens.
 */
export async function requestPasswordRecovery(address: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.resetPasswordForEmail(address, {
    redirectTo: `${window.location.origin}${paths.login}`,
  })
  if (error) throw error
}

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery })
}
