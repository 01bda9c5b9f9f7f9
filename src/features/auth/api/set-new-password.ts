import { useMutation, useQuery } from '@tanstack/react-query'
import type { UserAttributes } from '@supabase/supabase-js'
import { loadSupabase } from '@/lib/supabase-lazy'
import { newPasswordSchema } from '@/lib/validation/rules'

export const setNewPasswordSchema = newPasswordSchema

/**
 * Whether the account the recovery link signed in has passkeys. A new password removes them unless
 * the member asks to keep them (a passkey planted with the stolen password must not survive the
 * recovery by default); with passkeys off on this server there are none to ask about.
 */
export async function recoveryHasPasskeys(): Promise<boolean> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.passkey.list()
  if (error?.code === 'passkey_disabled') return false
  if (error) throw error
  return data.length > 0
}

export function useRecoveryHasPasskeys() {
  return useQuery({ queryKey: ['recovery', 'has-passkeys'], queryFn: recoveryHasPasskeys, staleTime: Infinity })
}

/**
 * PUT /auth/v1/user with the session the recovery link gave. The server ends every other session
 * of the account, and its passkeys unless `keepPasskeys` (this server's `keep_passkeys`); this
 * session is ended here, so the member signs in again with the new password.
 */
export async function setNewPassword({ password, keepPasskeys }: { password: string; keepPasskeys: boolean }): Promise<void> {
  const supabase = await loadSupabase()
  const attributes: UserAttributes & { keep_passkeys?: true } = { password, ...(keepPasskeys ? { keep_passkeys: true } : {}) }
  const { error } = await supabase.auth.updateUser(attributes)
  if (error) throw error
  // the server already ended the other sessions; a global sign-out would also end the passkeys
  await supabase.auth.signOut({ scope: 'local' })
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword })
}
