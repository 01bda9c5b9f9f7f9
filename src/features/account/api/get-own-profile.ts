import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Profile } from './types'

// PostgREST answers a `.single()` with zero rows with PGRST116; the session guard treats
// that as "no profile" (redirect home) rather than as a failure (sign out).
export const PROFILE_NOT_FOUND = 'PGRST116'

export class ProfileLoadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message)
    this.name = 'ProfileLoadError'
  }
}

export async function getOwnProfile(userId: string): Promise<Profile | null> {
  const { data, error } = await supabase.from('profiles').select('*').eq('id', userId).single()
  if (error) {
    if (error.code === PROFILE_NOT_FOUND) return null
    throw new ProfileLoadError(error.message, error.code)
  }
  return data
}

export const ownProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.detail(userId),
    queryFn: () => getOwnProfile(userId),
    // The realtime subscription keeps this row fresh; refetching on focus would only
    // flash the validating screen.
    staleTime: Infinity,
    retry: false,
  })

export function useOwnProfile(userId: string | undefined, { pollMs }: { pollMs?: number } = {}) {
  return useQuery({
    ...ownProfileQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
    refetchInterval: pollMs ?? false,
  })
}
