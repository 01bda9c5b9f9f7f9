import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { useSecurityMutation } from './second-step'

/** A passkey of the signed-in account, as GET /auth/v1/passkeys lists it. */
export interface Passkey {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
}

/**
 * The account's passkeys, or null when this server has passkeys off (AUTH_PASSKEYS): then none
 * can sign in and there is nothing to show.
 */
export async function listPasskeys(): Promise<Passkey[] | null> {
  const { data, error } = await supabase.auth.passkey.list()
  if (error?.code === 'passkey_disabled') return null
  if (error) throw error
  return data.map((item) => ({ id: item.id, name: item.friendly_name ?? 'Passkey', createdAt: item.created_at, lastUsedAt: item.last_used_at ?? null }))
}

export function usePasskeys(userId: string) {
  return useQuery({ queryKey: queryKeys.security.passkeys(userId), queryFn: listPasskeys })
}

export async function renamePasskey({ id, name }: { id: string; name: string }): Promise<void> {
  const { error } = await supabase.auth.passkey.update({ passkeyId: id, friendlyName: name })
  if (error) throw error
}

/** GoTrue asks an aal2 session for this when the account has a second step. */
export async function removePasskey(id: string): Promise<void> {
  const { error } = await supabase.auth.passkey.delete({ passkeyId: id })
  if (error) throw error
}

export const useRenamePasskey = (userId: string) => useSecurityMutation(queryKeys.security.passkeys(userId), renamePasskey)
export const useRemovePasskey = (userId: string) => useSecurityMutation(queryKeys.security.passkeys(userId), removePasskey)
