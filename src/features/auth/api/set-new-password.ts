import { useMutation } from '@tanstack/react-query'
import { loadSupabase } from '@/lib/supabase-lazy'
import { newPasswordSchema } from '@/lib/validation/rules'

export const setNewPasswordSchema = newPasswordSchema

/**
 * PUT /auth/v1/user with the session the recovery link gave. The server ends every other session
 * of the account; this one is ended here, so the member signs in again with the new password.
 */
export async function setNewPassword(password: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.updateUser({ password })
  if (error) throw error
  // the server already ended the other sessions; a global sign-out would also end the passkeys
  await supabase.auth.signOut({ scope: 'local' })
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword })
}
