import type { Factor } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import { securityKeyFailure } from '@/lib/security-key'
import { getFactors, useFactorMutation } from './second-step'

export const SECURITY_KEY_NAME = 'Kunci Keamanan'

/** 'Kunci Keamanan', then 'Kunci Keamanan 2'...: a name no factor of the account has (GoTrue refuses a repeat). */
export function nextKeyName(factors: Pick<Factor, 'friendly_name'>[]): string {
  const taken = new Set(factors.map((factor) => factor.friendly_name))
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? SECURITY_KEY_NAME : `${SECURITY_KEY_NAME} ${n}`
    if (!taken.has(name)) return name
  }
}

/**
 * Registers a security key (or the device's own authenticator) as a second step: leftovers of an
 * abandoned registration go first, then auth-js runs enrol, the browser's ceremony and verify.
 */
export async function addSecurityKey(): Promise<void> {
  const factors = await getFactors()
  for (const factor of factors) {
    if (factor.factor_type === 'webauthn' && factor.status !== 'verified') {
      const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id })
      if (error) throw error
    }
  }
  const { error } = await supabase.auth.mfa.webauthn.register({ friendlyName: nextKeyName(factors) })
  if (error) throw securityKeyFailure(error)
}

/** Removes a key after a touch of that key (proof it is at hand, and aal2 for GoTrue's rule). */
export async function removeSecurityKey(factorId: string): Promise<void> {
  const proof = await supabase.auth.mfa.webauthn.authenticate({ factorId })
  if (proof.error) throw securityKeyFailure(proof.error)
  const { error } = await supabase.auth.mfa.unenroll({ factorId })
  if (error) throw error
  await supabase.auth.refreshSession()
}

export const useAddSecurityKey = (userId: string) => useFactorMutation(userId, addSecurityKey)
export const useRemoveSecurityKey = (userId: string) => useFactorMutation(userId, removeSecurityKey)
