import { useMutation } from '@tanstack/react-query'
import type { UserAttributes } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import { newPasswordSchema } from '@/lib/validation/rules'

/** Password Baru + Konfirmasi Password Baru, SPEC.md's rules and messages. */
export const changePasswordSchema = newPasswordSchema

/**
 * PUT /auth/v1/user. The server removes the account's passkeys with the old password unless
 * `keepPasskeys` (this server's `keep_passkeys`), as the recovery screen's new password does.
 */
export async function updatePassword({ password, keepPasskeys }: { password: string; keepPasskeys: boolean }): Promise<void> {
  const attributes: UserAttributes & { keep_passkeys?: true } = { password, ...(keepPasskeys ? { keep_passkeys: true } : {}) }
  const { error } = await supabase.auth.updateUser(attributes)
  if (error) throw error
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword })
}
