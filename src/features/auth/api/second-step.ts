import { loadSupabase } from '@/lib/supabase-lazy'

/** True when the signed-in account has a verified factor but this session has not used it yet. */
export async function needsSecondStep(): Promise<boolean> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) throw error
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2'
}

/** Raises the session to aal2 with a code of the account's verified TOTP factor. */
export async function verifySecondStep(code: string): Promise<void> {
  const supabase = await loadSupabase()
  const { data: factors, error: listError } = await supabase.auth.mfa.listFactors()
  if (listError) throw listError
  const factor = factors.totp[0]
  if (!factor) throw Object.assign(new Error('no verified factor'), { code: 'mfa_factor_not_found' })
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
  if (error) throw error
}
