import { useMutation } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { newPasswordSchema } from '@/lib/validation/rules'

/** Password Baru + Konfirmasi Password Baru, SPEC.md's rules and messages. */
export const changePasswordSchema = newPasswordSchema

export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password })
  if (error) throw error
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword })
}
