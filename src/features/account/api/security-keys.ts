import type { Factor } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import { securityKeyFailure } from '@/lib/security-key'
import { getAssurance } from './assurance'
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

/**
 * Removes a key. GoTrue's rule asks an aal2 session; a session that is not yet gets there with a
 * touch of that key, while one that is (by any step) can remove a key that was lost.
 */
export async function removeSecurityKey(factorId: string): Promise<void> {
  if ((await getAssurance()).current !== 'aal2') {
    const proof = await supabase.auth.mfa.webauthn.authenticate({ factorId })
    if (proof.error) throw securityKeyFailure(proof.error)
  }
  const { error } = await supabase.auth.mfa.unenroll({ factorId })
  if (error) throw error
  await supabase.auth.refreshSession()
}

export const useAddSecurityKey = (userId: string) => useFactorMutation(userId, addSecurityKey)
export const useRemoveSecurityKey = (userId: string) => useFactorMutation(userId, removeSecurityKey)

/** GoTrue cannot rename a factor: rename_own_factor() renames a verified one of the owner's (a plain name). */
export async function renameSecurityKey({ id, name }: { id: string; name: string }): Promise<void> {
  const { error } = await supabase.rpc('rename_own_factor', { target_factor: id, new_name: name })
  if (error) throw error
}

export const useRenameSecurityKey = (userId: string) => useFactorMutation(userId, renameSecurityKey)
