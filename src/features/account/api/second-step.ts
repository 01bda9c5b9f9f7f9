import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Factor } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { blobImageOf } from '@/lib/blob-image'

export const FACTOR_NAME = 'Aplikasi autentikator'

export interface PendingFactor {
  id: string
  /** blob: address of the QR code to scan (the pages' CSP allows no data: pictures). */
  qrCode: string
  secret: string
}

/** Every factor of the signed-in account (auth-js reads them from GET /user). */
export async function getFactors(): Promise<Factor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) throw error
  return data.all
}

export function useFactors(userId: string) {
  return useQuery({ queryKey: queryKeys.security.factors(userId), queryFn: getFactors })
}

/**
 * Starts an enrolment: leftovers of an abandoned one go first (GoTrue refuses a second factor of
 * the same name), then a new TOTP secret and its QR code.
 */
export async function startEnrolment(): Promise<PendingFactor> {
  for (const factor of await getFactors()) {
    if (factor.status !== 'verified') {
      const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id })
      if (error) throw error
    }
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: FACTOR_NAME })
  if (error) throw error
  return { id: data.id, qrCode: blobImageOf(data.totp.qr_code), secret: data.totp.secret }
}

/** Confirms the factor with its first code; the session becomes aal2. */
export async function confirmEnrolment({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code })
  if (error) throw error
}

export async function cancelEnrolment(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId })
  if (error) throw error
}

/**
 * Removes a verified factor after a current code (proof the phone is at hand, and aal2 for
 * GoTrue's rule), then refreshes the session so its user no longer lists the factor.
 */
export async function removeFactor({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code })
  if (verified.error) throw verified.error
  const { error } = await supabase.auth.mfa.unenroll({ factorId })
  if (error) throw error
  await supabase.auth.refreshSession()
}

/** A change to one of the account's security lists; that list refetches after it, whatever the outcome. */
export function useSecurityMutation<T, R>(list: readonly string[], mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: list }),
  })
}

export const useFactorMutation = <T, R>(userId: string, mutationFn: (input: T) => Promise<R>) =>
  useSecurityMutation(queryKeys.security.factors(userId), mutationFn)

export const useStartEnrolment = (userId: string) => useFactorMutation(userId, startEnrolment)
export const useConfirmEnrolment = (userId: string) => useFactorMutation(userId, confirmEnrolment)
export const useCancelEnrolment = (userId: string) => useFactorMutation(userId, cancelEnrolment)
export const useRemoveFactor = (userId: string) => useFactorMutation(userId, removeFactor)
