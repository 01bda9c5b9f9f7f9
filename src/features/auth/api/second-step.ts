import { useQuery } from '@tanstack/react-query'
import { loadSupabase } from '@/lib/supabase-lazy'
import { securityKeyFailure } from '@/lib/security-key'

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

export interface SecondStepMethods {
  /** The account has an authenticator app: a code is asked. */
  code: boolean
  /** Its security keys, each offered by name. */
  securityKeys: { id: string; name: string }[]
}

export async function secondStepMethods(): Promise<SecondStepMethods> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) throw error
  return {
    code: data.totp.length > 0,
    securityKeys: data.webauthn.map((factor) => ({ id: factor.id, name: factor.friendly_name ?? 'Kunci Keamanan' })),
  }
}

/** Raises the session to aal2 with a touch of the account's security key `factorId`. */
export async function verifyWithSecurityKey(factorId: string): Promise<void> {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.mfa.webauthn.authenticate({ factorId })
  if (error) throw securityKeyFailure(error)
}

/** The account's second steps, read once per sign-in screen (the form and its heading share it). */
export function useSecondStepMethods() {
  return useQuery({ queryKey: ['second-step-methods'], queryFn: secondStepMethods, staleTime: Infinity })
}

/** What the second-step screen asks for, by what the account has. */
export function secondStepPrompt(methods: SecondStepMethods | undefined): string {
  if (methods && !methods.code) return 'Gunakan kunci keamanan yang terdaftar di akun Anda.'
  if (methods?.securityKeys.length) return 'Masukkan 6 digit kode dari aplikasi autentikator di ponsel Anda, atau gunakan kunci keamanan.'
  return 'Masukkan 6 digit kode dari aplikasi autentikator di ponsel Anda.'
}
