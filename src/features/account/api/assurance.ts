import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/** The signed-in session's level and the one its account can reach (auth-js reads the JWT). */
export async function getAssurance() {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) throw error
  return { current: data.currentLevel, next: data.nextLevel }
}

export function useAssurance(accessToken: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.security.all, 'assurance', accessToken ?? ''],
    queryFn: getAssurance,
    enabled: Boolean(accessToken),
    staleTime: Infinity,
    // a new token (after the code) keeps the page mounted while its level is read
    placeholderData: keepPreviousData,
  })
}
